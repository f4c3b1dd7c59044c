import { assign, emit, fromPromise, setup } from 'xstate';
import { facebookShareUrl, type ShareTarget, twitterShareUrl } from '../src/domain/share.ts';
import type { Story } from '../src/domain/story.ts';

/**
 * Sharing a story (docs/product.md#bookmarks-sharing-and-copying): each target of the share
 * menu, routed here. Twitter and Facebook open their share pages in a new tab; the system share
 * sheet takes the title and URL; Copy Link writes the URL: idle -> copying -> idle, its outcome
 * emitted so the page can show the matching toast, a second copy while one is being written
 * replacing it. A story's page copies its own address the same way (`link.copy`).
 */

export type ShareEvent =
  | { type: 'story.share'; story: Story; target: ShareTarget }
  /** "Copy link to this page" on a story's page: its own address (docs/product.md#a-page-for-each-story). */
  | { type: 'link.copy'; url: string };
export type ShareEmitted = { type: 'link.copied'; url: string } | { type: 'link.copyFailed'; url: string };

export interface ShareContext {
  /** The last link copied; "" before the first. */
  url: string;
}

export const shareMachine = setup({
  types: {
    context: {} as ShareContext,
    events: {} as ShareEvent,
    emitted: {} as ShareEmitted,
  },
  actors: {
    /** Injected: writes the text to the clipboard; rejects when there is no clipboard or it refuses. */
    writeClipboard: fromPromise<void, { text: string }>(() => Promise.reject(new Error('writeClipboard is provided by the app'))),
  },
  actions: {
    /** Injected: opens the URL in a new tab, with no opener and no referrer. */
    openInNewTab: (_, _params: { url: string }) => {},
    /** Injected: hands the title and URL to the system share sheet; a cancelled share shows nothing. */
    shareNatively: (_, _params: { title: string; url: string }) => {},
    rememberUrl: assign((_, { url }: { url: string }) => ({ url })),
    announceCopied: emit(({ context }) => ({ type: 'link.copied' as const, url: context.url })),
    announceFailed: emit(({ context }) => ({ type: 'link.copyFailed' as const, url: context.url })),
  },
  guards: {
    isTarget: (_, { target, expected }: { target: ShareTarget; expected: ShareTarget }) => target === expected,
  },
}).createMachine({
  id: 'share',
  context: { url: '' },
  initial: 'idle',
  on: {
    'story.share': [
      {
        guard: { type: 'isTarget', params: ({ event }) => ({ target: event.target, expected: 'twitter' }) },
        actions: { type: 'openInNewTab', params: ({ event }) => ({ url: twitterShareUrl(event.story) }) },
      },
      {
        guard: { type: 'isTarget', params: ({ event }) => ({ target: event.target, expected: 'facebook' }) },
        actions: { type: 'openInNewTab', params: ({ event }) => ({ url: facebookShareUrl(event.story) }) },
      },
      {
        guard: { type: 'isTarget', params: ({ event }) => ({ target: event.target, expected: 'native' }) },
        actions: { type: 'shareNatively', params: ({ event }) => ({ title: event.story.title, url: event.story.url }) },
      },
      { target: '.copying', reenter: true, actions: { type: 'rememberUrl', params: ({ event }) => ({ url: event.story.url }) } },
    ],
    'link.copy': { target: '.copying', reenter: true, actions: { type: 'rememberUrl', params: ({ event }) => ({ url: event.url }) } },
  },
  states: {
    idle: {},
    copying: {
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ context }) => ({ text: context.url }),
        onDone: { target: 'idle', actions: 'announceCopied' },
        onError: { target: 'idle', actions: 'announceFailed' },
      },
    },
  },
});
