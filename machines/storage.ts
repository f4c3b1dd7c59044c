import { fromPromise, setup } from 'xstate';

/**
 * What the browser keeps of a list (docs/product.md#stored-in-the-browser): written to storage, or
 * living in memory. The machine that owns the list (bookmarks, follows) runs this one as its child
 * `storage` and sends it each new value to write; a newer value replaces one being written. The
 * first write storage refuses (quota, privacy mode) leaves the list in memory for the page's life:
 * the owner goes on working, and nothing is written any more.
 */

/** A value to write, as its owner gives it; the owner's writer (provided by the app) knows its shape. */
export type StorageEvent = { type: 'storage.write'; value: unknown };

export const storageMachine = setup({
  types: {
    events: {} as StorageEvent,
  },
  actors: {
    /** Injected: writes the value; rejects when storage refuses. */
    write: fromPromise<void, { value: unknown }>(() => Promise.reject(new Error('write is provided by the app'))),
  },
}).createMachine({
  id: 'storage',
  initial: 'saved',
  states: {
    saved: {
      on: { 'storage.write': { target: 'saving' } },
    },
    saving: {
      invoke: {
        id: 'write',
        src: 'write',
        input: ({ event }) => ({ value: event.value }),
        onDone: { target: 'saved' },
        onError: { target: 'memoryOnly' },
      },
      // A newer value replaces the one being written.
      on: { 'storage.write': { target: 'saving', reenter: true } },
    },
    /** Storage refused a write: the list lives in memory only from now on. */
    memoryOnly: {
      tags: ['memoryOnly'],
    },
  },
});
