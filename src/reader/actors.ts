/** The copy-link machine with the real Clipboard API, and the React context that holds its one actor (docs/machines.md). */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { copyLinkMachine } from '../../machines/copyLink.ts';
import { writeClipboard } from '../browser/browser.ts';

export const appCopyLinkMachine = copyLinkMachine.provide({
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => writeClipboard(input.text)),
  },
});

export const CopyLinkActor = createActorContext(appCopyLinkMachine);
