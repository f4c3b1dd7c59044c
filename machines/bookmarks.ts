import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * Bookmarked story ids (SPEC.md sections 3 and 4, INTERFACE.md section 4).
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

const toggleActions = [
  {
    guard: { type: 'isBookmarked' as const, params: ({ event }: { event: { id: string } }) => ({ id: event.id }) },
    actions: [
      { type: 'remove' as const, params: ({ event }: { event: { id: string } }) => ({ id: event.id }) },
      { type: 'announceRemoved' as const, params: ({ event }: { event: { id: string } }) => ({ id: event.id }) },
    ],
  },
  {
    actions: [
      { type: 'add' as const, params: ({ event }: { event: { id: string } }) => ({ id: event.id }) },
      { type: 'announceAdded' as const, params: ({ event }: { event: { id: string } }) => ({ id: event.id }) },
    ],
  },
];

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
    add: assign(({ context }, { id }: { id: string }) => ({ ids: [...context.ids, id] })),
    remove: assign(({ context }, { id }: { id: string }) => ({ ids: context.ids.filter((kept) => kept !== id) })),
    announceAdded: emit((_, { id }: { id: string }) => ({ type: 'bookmark.added' as const, id })),
    announceRemoved: emit((_, { id }: { id: string }) => ({ type: 'bookmark.removed' as const, id })),
    adoptStored: assign((_, { value }: { value: string | null }) => ({ ids: parseStoredBookmarks(value) })),
  },
  guards: {
    isBookmarked: ({ context }, { id }: { id: string }) => context.ids.includes(id),
  },
}).createMachine({
  id: 'bookmarks',
  context: ({ input }) => ({ ids: parseStoredBookmarks(input.stored) }),
  initial: 'saved',
  on: {
    'bookmarks.storage.changed': { actions: { type: 'adoptStored', params: ({ event }) => ({ value: event.value }) } },
  },
  states: {
    saved: {
      on: { 'bookmark.toggle': toggleActions.map((t) => ({ ...t, target: 'saving' })) },
    },
    saving: {
      invoke: {
        id: 'saveBookmarks',
        src: 'saveBookmarks',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: 'saved',
        onError: 'memoryOnly',
      },
      on: { 'bookmark.toggle': toggleActions.map((t) => ({ ...t, target: 'saving', reenter: true })) },
    },
    /** Storage refused a write: bookmarks live in memory only from now on. */
    memoryOnly: {
      on: { 'bookmark.toggle': toggleActions },
    },
  },
});
