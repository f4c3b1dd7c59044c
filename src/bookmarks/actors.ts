/**
 * The bookmarks machine with its real effects (localStorage, the saved stories' refresh call), and
 * the React context that holds its one actor for the whole app (docs/machines.md).
 */
import { fromPromise } from 'xstate';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { readStorage, writeStorage } from '../browser/browser.ts';
import { BOOKMARKS_STORAGE_KEY, SAVED_STORIES_STORAGE_KEY } from '../browser/storage-keys.ts';
import { parseSavedStories, saveSavedLists } from '../domain/saved-stories.ts';
import type { Story } from '../domain/story.ts';
import { fetchSavedStories } from '../feed/fetch-feed.ts';
import { createFrameActorContext } from '../ui/frame.ts';

export const appBookmarksMachine = bookmarksMachine.provide({
  actors: {
    fetchSaved: fromPromise<Story[], { ids: string[] }>(({ input, signal }) => fetchSavedStories(input.ids, signal)),
    saveBookmarks: fromPromise<void, { ids: string[]; stories: Story[] }>(async ({ input }) =>
      saveSavedLists(
        { writeIds: (value) => writeStorage(BOOKMARKS_STORAGE_KEY, value), writeStories: (value) => writeStorage(SAVED_STORIES_STORAGE_KEY, value) },
        input.ids,
        input.stories,
      ),
    ),
  },
});

export const BookmarksActor = createFrameActorContext(appBookmarksMachine, { stored: null, savedStories: [] });

export function readBookmarksInput() {
  return { stored: readStorage(BOOKMARKS_STORAGE_KEY), savedStories: parseSavedStories(readStorage(SAVED_STORIES_STORAGE_KEY)) };
}
