/** The share machine with the browser's real effects: new tabs, the share sheet, the Clipboard API (docs/machines.md), and how components reach it. */
import { fromPromise } from 'xstate';
import { shareMachine } from '../../machines/share.ts';
import { openInNewTab, writeClipboard } from '../browser/browser.ts';
import { usePageActor } from '../system/page-system.ts';
import { shareNatively } from './native-share.ts';

export const appShareMachine = shareMachine.provide({
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => writeClipboard(input.text)),
  },
  actions: {
    openInNewTab: (_, { url }) => openInNewTab(url),
    shareNatively: (_, story) => void shareNatively(story),
  },
});

export const useShareActor = () => usePageActor('share');
