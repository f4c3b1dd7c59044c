import { assertEvent, assign, emit, fromPromise, raise, setup } from 'xstate';
import type { Story } from '../src/domain/story.ts';

/**
 * Bookmarks and the saved stories they keep (docs/product.md#bookmarks-sharing-and-copying,
 * #saved-stories-last, #stored-in-the-browser).
 *
 * Two regions. `storage`: each toggle emits `bookmark.added` or `bookmark.removed` (the page
 * shows a toast) and saves the ids and the kept copies; if saving ever fails (quota, privacy
 * mode), bookmarks keep working in memory for the rest of the page's life. `refresh`:
 * `saved.refresh` fetches the saved stories still in the store and replaces their kept copies,
 * keeping the copy of any story the answer lacks; a failed refresh changes nothing.
 */

/** At most this many kept copies, newest saved first (docs/product.md#timings-and-constants). */
export const SAVED_STORIES_MAX = 500;

/** A refresh with no answer within this time counts as failed, and changes nothing. */
export const SAVED_REFRESH_TIMEOUT_MS = 10_000;

export interface BookmarksInput {
  /** The raw stored ids (`newsBookmarks`); null when absent or unreadable. */
  stored: string | null;
  /** The kept copies (`newsSavedStories`) as src/domain/saved-stories.ts reads them. */
  savedStories: Story[];
}

export interface BookmarksContext {
  /** Saved story ids, in the order saved (first saved first). */
  ids: string[];
  /** A copy of each saved story that has one, newest saved first, at most 500; only saved ids. */
  stories: Story[];
}

export type BookmarksEvent =
  /** A card's bookmark button (or the `b` key on a story on screen): the story itself, so it is kept. */
  | { type: 'bookmark.toggle'; story: Story }
  /** The stored ids changed in another tab. */
  | { type: 'bookmarks.storage.changed'; value: string | null }
  /** The stored copies changed in another tab, read by the app (src/domain/saved-stories.ts). */
  | { type: 'saved.storage.changed'; stories: Story[] }
  /** Fetch fresh copies of the saved stories (the Saved view, online). */
  | { type: 'saved.refresh' }
  /** Raised by the machine once fresh copies are in: they are saved. */
  | { type: 'saved.refreshed' };

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

/** The copies of saved stories only, each once, at most SAVED_STORIES_MAX. */
function copiesOf(ids: readonly string[], stories: readonly Story[]): Story[] {
  const saved = new Set(ids);
  // Deleting as it goes: a second copy of an id finds it gone, so the first copy wins.
  return stories.filter((story) => saved.delete(story.id)).slice(0, SAVED_STORIES_MAX);
}

export const bookmarksMachine = setup({
  types: {
    context: {} as BookmarksContext,
    events: {} as BookmarksEvent,
    input: {} as BookmarksInput,
    emitted: {} as BookmarksEmitted,
  },
  actors: {
    /** Injected: writes the ids, then the copies; rejects only when the ids cannot be written. */
    saveBookmarks: fromPromise<void, { ids: string[]; stories: Story[] }>(() => Promise.reject(new Error('saveBookmarks is provided by the app'))),
    /** Injected: the saved stories the store still has (`?ids=`, batched by the app), validated; rejects when a call fails. */
    fetchSaved: fromPromise<Story[], { ids: string[] }>(() => Promise.reject(new Error('fetchSaved is provided by the app'))),
  },
  actions: {
    add: assign(({ context, event }) => {
      assertEvent(event, 'bookmark.toggle');
      const { story } = event;
      return { ids: [...context.ids, story.id], stories: copiesOf([...context.ids, story.id], [story, ...context.stories]) };
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'bookmark.toggle');
      const ids = context.ids.filter((kept) => kept !== event.story.id);
      return { ids, stories: copiesOf(ids, context.stories) };
    }),
    announceAdded: emit(({ event }) => {
      assertEvent(event, 'bookmark.toggle');
      return { type: 'bookmark.added' as const, id: event.story.id };
    }),
    announceRemoved: emit(({ event }) => {
      assertEvent(event, 'bookmark.toggle');
      return { type: 'bookmark.removed' as const, id: event.story.id };
    }),
    /** Another tab's ids; the copies of stories no longer saved go (the other tab writes the ids first). */
    adoptStored: assign(({ context, event }) => {
      assertEvent(event, 'bookmarks.storage.changed');
      const ids = parseStoredBookmarks(event.value);
      return { ids, stories: copiesOf(ids, context.stories) };
    }),
    adoptStoredStories: assign(({ context, event }) => {
      assertEvent(event, 'saved.storage.changed');
      return { stories: copiesOf(context.ids, event.stories) };
    }),
    /** Fresh copies replace kept ones; a story the answer lacks keeps its copy. Newest saved first. */
    adoptFresh: assign(({ context }, { fresh }: { fresh: Story[] }) => {
      const copies = new Map(context.stories.map((story) => [story.id, story]));
      for (const story of fresh) copies.set(story.id, story);
      const newestFirst = [...context.ids].reverse();
      return { stories: copiesOf(newestFirst, newestFirst.flatMap((id) => copies.get(id) ?? [])) };
    }),
    persistRefreshed: raise({ type: 'saved.refreshed' }),
  },
  guards: {
    isBookmarked: ({ context, event }) => event.type === 'bookmark.toggle' && context.ids.includes(event.story.id),
    hasSaved: ({ context }) => context.ids.length > 0,
  },
  delays: {
    timeout: SAVED_REFRESH_TIMEOUT_MS,
  },
}).createMachine({
  id: 'bookmarks',
  context: ({ input }) => {
    const ids = parseStoredBookmarks(input.stored);
    return { ids, stories: copiesOf(ids, input.savedStories) };
  },
  type: 'parallel',
  on: {
    'bookmarks.storage.changed': { actions: 'adoptStored' },
    'saved.storage.changed': { actions: 'adoptStoredStories' },
  },
  states: {
    storage: {
      initial: 'saved',
      states: {
        saved: {
          on: {
            'bookmark.toggle': [
              { guard: 'isBookmarked', target: 'saving', actions: ['remove', 'announceRemoved'] },
              { target: 'saving', actions: ['add', 'announceAdded'] },
            ],
            'saved.refreshed': { target: 'saving' },
          },
        },
        saving: {
          invoke: {
            id: 'saveBookmarks',
            src: 'saveBookmarks',
            input: ({ context }) => ({ ids: context.ids, stories: context.stories }),
            onDone: { target: 'saved' },
            onError: { target: 'memoryOnly' },
          },
          on: {
            // A newer list replaces the one being written.
            'bookmark.toggle': [
              { guard: 'isBookmarked', target: 'saving', reenter: true, actions: ['remove', 'announceRemoved'] },
              { target: 'saving', reenter: true, actions: ['add', 'announceAdded'] },
            ],
            'saved.refreshed': { target: 'saving', reenter: true },
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
    },
    refresh: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'saved.refresh': { guard: 'hasSaved', target: 'refreshing' } },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'fetchSaved',
            src: 'fetchSaved',
            // Newest saved first: the ones with copies (at most 500).
            input: ({ context }) => ({ ids: context.ids.slice(-SAVED_STORIES_MAX).reverse() }),
            onDone: { target: 'idle', actions: [{ type: 'adoptFresh', params: ({ event }) => ({ fresh: event.output }) }, 'persistRefreshed'] },
            onError: { target: 'idle' },
          },
          after: { timeout: { target: 'idle' } },
        },
      },
    },
  },
});
