import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';

/**
 * Bookmarked story ids (docs/product.md#bookmarks-sharing-and-copying, #stored-in-the-browser).
 *
 * Each toggle emits `bookmark.added` or `bookmark.removed` (the page shows a toast) and
 * saves the list. If saving ever fails (quota, privacy mode), bookmarks keep working in
 * memory for the rest of the page's life.
 */

export interface BookmarksInput {
  /** The raw stored value; null when absent or unreadable. */
  stored: string | null;
}

export interface BookmarksContext {
  ids: string[];
}

export type BookmarksEvent =
  | { type: 'bookmark.toggle'; id: string }
  /** The stored list changed in another tab. */
  | { type: 'bookmarks.storage.changed'; value: string | null };

export type BookmarksEmitted = { type: 'bookmark.added'; id: string } | { type: 'bookmark.removed'; id: string };

/** Stored bookmarks: a JSON array of ids. Anything else reads as no bookmarks; junk entries are skipped. */
export function parseStoredBookmarks(value: string | null): string[] {
  if (value === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return [...new Set(parsed.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

export const bookmarksMachine = setup({
  types: {
    context: {} as BookmarksContext,
    events: {} as BookmarksEvent,
    input: {} as BookmarksInput,
    emitted: {} as BookmarksEmitted,
  },
  actors: {
    /** Injected: writes the ids to storage; rejects when storage refuses. */
    saveBookmarks: fromPromise<void, { ids: string[] }>(() => Promise.reject(new Error('saveBookmarks is provided by the app'))),
  },
  actions: {
    add: assign(({ context, event }) => {
      assertEvent(event, 'bookmark.toggle');
      return { ids: [...context.ids, event.id] };
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'bookmark.toggle');
      return { ids: context.ids.filter((kept) => kept !== event.id) };
    }),
    announceAdded: emit(({ event }) => {
      assertEvent(event, 'bookmark.toggle');
      return { type: 'bookmark.added' as const, id: event.id };
    }),
    announceRemoved: emit(({ event }) => {
      assertEvent(event, 'bookmark.toggle');
      return { type: 'bookmark.removed' as const, id: event.id };
    }),
    adoptStored: assign(({ event }) => {
      assertEvent(event, 'bookmarks.storage.changed');
      return { ids: parseStoredBookmarks(event.value) };
    }),
  },
  guards: {
    isBookmarked: ({ context, event }) => event.type === 'bookmark.toggle' && context.ids.includes(event.id),
  },
}).createMachine({
  id: 'bookmarks',
  context: ({ input }) => ({ ids: parseStoredBookmarks(input.stored) }),
  initial: 'saved',
  on: {
    'bookmarks.storage.changed': { actions: 'adoptStored' },
  },
  states: {
    saved: {
      on: {
        'bookmark.toggle': [
          { guard: 'isBookmarked', target: 'saving', actions: ['remove', 'announceRemoved'] },
          { target: 'saving', actions: ['add', 'announceAdded'] },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveBookmarks',
        src: 'saveBookmarks',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: { target: 'saved' },
        onError: { target: 'memoryOnly' },
      },
      on: {
        // A newer list replaces the one being written.
        'bookmark.toggle': [
          { guard: 'isBookmarked', target: 'saving', reenter: true, actions: ['remove', 'announceRemoved'] },
          { target: 'saving', reenter: true, actions: ['add', 'announceAdded'] },
        ],
      },
    },
    /** Storage refused a write: bookmarks live in memory only from now on. */
    memoryOnly: {
      on: {
        'bookmark.toggle': [
          { guard: 'isBookmarked', actions: ['remove', 'announceRemoved'] },
          { actions: ['add', 'announceAdded'] },
        ],
      },
    },
  },
});
