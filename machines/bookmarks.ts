import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { storageMachine } from './storage.ts';
import { copiesOf, mergeSavedLists, SAVED_STORIES_MAX } from '../src/domain/saved-stories.ts';
import { CALL_TIMEOUT_MS, type Story } from '../src/domain/story.ts';

/**
 * Bookmarks and the saved stories they keep (docs/product.md#bookmarks-sharing-and-copying,
 * #saved-stories-last, #stored-in-the-browser).
 *
 * Each toggle emits `bookmark.added` or `bookmark.removed` (the page shows a toast), and each
 * change of the ids or the kept copies goes to the child `storage` (machines/storage.ts) to be
 * written; if a write ever fails (quota, privacy mode), bookmarks keep working in memory for the
 * rest of the page's life. `saved.refresh` fetches the saved stories still in the store and
 * replaces their kept copies, keeping the copy of any story the answer lacks; a failed refresh
 * changes nothing.
 * Stored values reach it read (src/domain/saved-stories.ts).
 */

export interface BookmarksInput {
  /** The stored ids (`newsBookmarks`), read; [] when absent or unreadable. */
  ids: string[];
  /** The kept copies (`newsSavedStories`), read. */
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
  /** The stored ids changed in another tab: the new ones, read. */
  | { type: 'bookmarks.storage.changed'; ids: string[] }
  /** The stored copies changed in another tab, read. */
  | { type: 'saved.storage.changed'; stories: Story[] }
  /** Fetch fresh copies of the saved stories (the page opening, another tab's bookmark, an import). */
  | { type: 'saved.refresh' }
  /** A file of "Your reading" brought these bookmarks and copies, read: joined to those here. */
  | { type: 'bookmarks.import'; ids: string[]; stories: Story[] };

/** What `storage` writes: the ids, then the copies (src/domain/saved-stories.ts, saveSavedLists). */
export interface SavedLists {
  ids: string[];
  stories: Story[];
}

export type BookmarksEmitted = { type: 'bookmark.added'; id: string } | { type: 'bookmark.removed'; id: string };

export const bookmarksMachine = setup({
  types: {
    context: {} as BookmarksContext,
    events: {} as BookmarksEvent,
    input: {} as BookmarksInput,
    emitted: {} as BookmarksEmitted,
  },
  actors: {
    /** Writes the ids, then the copies (its `write` injected: rejects only when the ids cannot be written). */
    storage: storageMachine,
    /** Injected: the saved stories the store still has (`?ids=`, batched by the app), validated; rejects when a call fails. */
    fetchSaved: fromPromise<Story[], { ids: string[] }>(() => Promise.reject(new Error('fetchSaved is provided by the app'))),
  },
  actions: {
    /** Saves the story, or forgets it when it is saved, and announces which. */
    toggle: enqueueActions(({ context, enqueue }, { story }: { story: Story }) => {
      if (context.ids.includes(story.id)) {
        const ids = context.ids.filter((kept) => kept !== story.id);
        enqueue.assign({ ids, stories: copiesOf(ids, context.stories) });
        enqueue.emit({ type: 'bookmark.removed', id: story.id });
      } else {
        const ids = [...context.ids, story.id];
        enqueue.assign({ ids, stories: copiesOf(ids, [story, ...context.stories]) });
        enqueue.emit({ type: 'bookmark.added', id: story.id });
      }
    }),
    /** Another tab's ids; the copies of stories no longer saved go (the other tab writes the ids first). */
    adoptStored: assign(({ context }, { ids }: { ids: string[] }) => ({ ids, stories: copiesOf(ids, context.stories) })),
    adoptImported: assign(({ context }, imported: SavedLists) => mergeSavedLists(context, imported)),
    adoptStoredStories: assign(({ context }, { stories }: { stories: Story[] }) => ({ stories: copiesOf(context.ids, stories) })),
    /** Fresh copies replace kept ones; a story the answer lacks keeps its copy. Newest saved first. */
    adoptFresh: assign(({ context }, { fresh }: { fresh: Story[] }) => {
      const copies = new Map(context.stories.map((story) => [story.id, story]));
      for (const story of fresh) copies.set(story.id, story);
      const newestFirst = [...context.ids].reverse();
      return { stories: copiesOf(newestFirst, newestFirst.flatMap((id) => copies.get(id) ?? [])) };
    }),
    /** The lists as they are now, to storage. */
    save: sendTo('storage', ({ context }) => ({ type: 'storage.write' as const, value: { ids: context.ids, stories: context.stories } satisfies SavedLists })),
  },
  guards: {
    hasSaved: ({ context }) => context.ids.length > 0,
  },
  delays: {
    timeout: CALL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'bookmarks',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ ids: input?.ids ?? [], stories: copiesOf(input?.ids ?? [], input?.savedStories ?? []) }),
  invoke: { id: 'storage', src: 'storage' },
  on: {
    'bookmark.toggle': { actions: [{ type: 'toggle', params: ({ event }) => event }, 'save'] },
    'bookmarks.storage.changed': { actions: { type: 'adoptStored', params: ({ event }) => event } },
    'saved.storage.changed': { actions: { type: 'adoptStoredStories', params: ({ event }) => event } },
    'bookmarks.import': { actions: [{ type: 'adoptImported', params: ({ event }) => event }, 'save'] },
  },
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
        onDone: { target: 'idle', actions: [{ type: 'adoptFresh', params: ({ event }) => ({ fresh: event.output }) }, 'save'] },
        onError: { target: 'idle' },
      },
      after: { timeout: { target: 'idle' } },
    },
  },
});
