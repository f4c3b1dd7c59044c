import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Copy Link (docs/product.md#bookmarks-sharing-and-copying): idle -> copying -> idle.
 * The outcome is emitted, so the page can show the matching toast; a second request while
 * one is being written replaces it.
 */

export type CopyLinkEvent = { type: 'link.copy'; url: string };
export type CopyLinkEmitted = { type: 'link.copied'; url: string } | { type: 'link.copyFailed'; url: string };

export interface CopyLinkContext {
  /** The last link asked for; "" before the first. */
  url: string;
}

export const copyLinkMachine = setup({
  types: {
    context: {} as CopyLinkContext,
    events: {} as CopyLinkEvent,
    emitted: {} as CopyLinkEmitted,
  },
  actors: {
    /** Injected: writes the text to the clipboard; rejects when there is no clipboard or it refuses. */
    writeClipboard: fromPromise<void, { text: string }>(() => Promise.reject(new Error('writeClipboard is provided by the app'))),
  },
  actions: {
    rememberUrl: assign((_, { url }: { url: string }) => ({ url })),
    announceCopied: emit(({ context }) => ({ type: 'link.copied' as const, url: context.url })),
    announceFailed: emit(({ context }) => ({ type: 'link.copyFailed' as const, url: context.url })),
  },
}).createMachine({
  id: 'copyLink',
  context: { url: '' },
  initial: 'idle',
  on: {
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
