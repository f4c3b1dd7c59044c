/**
 * The machines with the browser's real effects, and the React contexts that hold one
 * actor of each for the whole app (effects are provided at the edge: docs/machines.md).
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { copyLinkMachine } from '../../machines/copyLink.ts';
import { feedMachine, type FeedPage } from '../../machines/feed.ts';
import { searchMachine } from '../../machines/search.ts';
import { olderStoriesMachine, type OlderPage } from '../../machines/olderStories.ts';
import { themeMachine } from '../../machines/theme.ts';
import { parseKeptStories, serializeKeptStories } from '../domain/kept-feed.ts';
import { parseSavedStories, saveSavedLists } from '../domain/saved-stories.ts';
import type { Story } from '../domain/story.ts';
import { fetchFeed, fetchSavedStories } from '../feed/fetch-feed.ts';
import { validateHomeSearch } from '../domain/search-params.ts';
import { isVisitorReading, prefersDarkQuery, readStorage, writeClipboard, writeStorage } from './browser.ts';
import type { createAppRouter } from './router.tsx';
import { BOOKMARKS_STORAGE_KEY, KEPT_STORIES_STORAGE_KEY, SAVED_STORIES_STORAGE_KEY, THEME_STORAGE_KEY } from './storage-keys.ts';

/** The sample stories, in a chunk of their own: only fetched when the live feed cannot be used. */
export const loadSampleStories = fromPromise<Story[]>(async () => (await import('../domain/samples.ts')).sampleStories(Date.now()));

/** The live call as the feed machine invokes it: the first page, validated, with its cursor (src/feed/fetch-feed.ts). */
export const fetchStories = fromPromise<FeedPage>(({ signal }) => fetchFeed({}, signal));

export const appFeedMachine = feedMachine.provide({
  actors: {
    fetchStories,
    loadSamples: loadSampleStories,
  },
  guards: { isReading: isVisitorReading },
  actions: {
    keepForNextVisit: (_, { stories }) => {
      try {
        writeStorage(KEPT_STORIES_STORAGE_KEY, serializeKeptStories(stories, new Date()));
      } catch {
        // Quota or privacy mode: the next visit starts with skeletons, as a first one does.
      }
    },
  },
});

export const appThemeMachine = themeMachine.provide({
  actions: {
    persistTheme: (_, { theme }) => {
      try {
        writeStorage(THEME_STORAGE_KEY, theme);
      } catch {
        // Storage refused: the choice still holds for this page's lifetime (docs/product.md#stored-in-the-browser).
      }
    },
  },
});

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

export const appCopyLinkMachine = copyLinkMachine.provide({
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => writeClipboard(input.text)),
  },
});

/** The search machine writing its query into the router's URL: the same history entry, the other filters kept; a new query drops `archive` (docs/product.md#the-last-30-days). */
export function appSearchMachine(router: ReturnType<typeof createAppRouter>) {
  return searchMachine.provide({
    actions: {
      writeQuery: (_, { query }) =>
        void router.navigate({ to: '/', search: (previous) => ({ ...previous, q: query === '' ? undefined : query, archive: undefined }), replace: true, resetScroll: false }),
    },
  });
}

/** The URL's query as the page opens (docs/product.md#search-categories-and-the-url). */
export function readSearchInput(router: ReturnType<typeof createAppRouter>) {
  return { query: validateHomeSearch(router.state.location.search).q ?? '' };
}

export const appOlderStoriesMachine = olderStoriesMachine.provide({
  actors: {
    fetchOlder: fromPromise<OlderPage, { before: string }>(({ input, signal }) => fetchFeed({ before: input.before }, signal)),
  },
});

export const appArchiveSearchMachine = archiveSearchMachine.provide({
  actors: {
    searchArchive: fromPromise<Story[], { query: string }>(async ({ input, signal }) => (await fetchFeed({ q: input.query }, signal)).stories),
  },
});

export const FeedActor = createActorContext(appFeedMachine);
export const SearchActor = createActorContext(searchMachine);
export const ThemeActor = createActorContext(appThemeMachine);
export const BookmarksActor = createActorContext(appBookmarksMachine);
export const CopyLinkActor = createActorContext(appCopyLinkMachine);
export const OlderStoriesActor = createActorContext(appOlderStoriesMachine);
export const ArchiveSearchActor = createActorContext(appArchiveSearchMachine);

export function readThemeInput() {
  return { stored: readStorage(THEME_STORAGE_KEY), systemPrefersDark: prefersDarkQuery()?.matches ?? false };
}

/** Stories kept by an earlier visit, if readable and recent (docs/product.md#stored-in-the-browser). */
export function readFeedInput() {
  return { kept: parseKeptStories(readStorage(KEPT_STORIES_STORAGE_KEY), Date.now()) };
}

export function readBookmarksInput() {
  return { stored: readStorage(BOOKMARKS_STORAGE_KEY), savedStories: parseSavedStories(readStorage(SAVED_STORIES_STORAGE_KEY)) };
}
