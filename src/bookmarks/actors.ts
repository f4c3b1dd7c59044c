/**
 * The bookmarks machine with its real effects (localStorage, the saved stories' refresh call)
 * (docs/machines.md), what it starts from, and how components read it.
 */
import type { SnapshotFrom } from 'xstate';
import { bookmarksMachine, type BookmarksInput, type SavedLists } from '../../machines/bookmarks.ts';
import { storageMachine } from '../../machines/storage.ts';
import { readStorage, writeStorage } from '../browser/browser.ts';
import { BOOKMARKS_STORAGE_KEY, SAVED_STORIES_STORAGE_KEY } from '../browser/storage-keys.ts';
import { parseSavedStories, parseStoredBookmarks, saveSavedLists } from '../domain/saved-stories.ts';
import type { Story } from '../domain/story.ts';
import { fetchSavedStories } from '../api/fetch-news.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';
import { fromCall } from '../browser/from-call.ts';
import { storageWriter } from '../browser/storage-writer.ts';

export const appBookmarksMachine = bookmarksMachine.provide({
  actors: {
    fetchSaved: fromCall<Story[], { ids: string[] }>(({ input, signal }) => fetchSavedStories(input.ids, signal)),
    storage: storageMachine.provide({
      actors: {
        write: storageWriter<SavedLists>(({ ids, stories }) =>
          saveSavedLists({ writeIds: (value) => writeStorage(BOOKMARKS_STORAGE_KEY, value), writeStories: (value) => writeStorage(SAVED_STORIES_STORAGE_KEY, value) }, ids, stories),
        ),
      },
    }),
  },
});

export function readBookmarksInput(): BookmarksInput {
  return { ids: parseStoredBookmarks(readStorage(BOOKMARKS_STORAGE_KEY)), savedStories: parseSavedStories(readStorage(SAVED_STORIES_STORAGE_KEY)) };
}

export const useBookmarksActor = () => usePageActor('bookmarks');
export const useBookmarks = <T,>(selector: (snapshot: SnapshotFrom<typeof bookmarksMachine>) => T) => usePageSelector('bookmarks', selector);
