/**
 * The search's machines with their real effects (the router's URL, the archive call), and the
 * React contexts that hold one actor of each for the whole app (docs/machines.md).
 */
import type { RegisteredRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { searchMachine } from '../../machines/search.ts';
import { validateHomeSearch } from '../domain/search-params.ts';
import type { Story } from '../domain/story.ts';
import { fetchFeed } from '../feed/fetch-feed.ts';
import { createFrameActorContext } from '../ui/frame.ts';

/** The query into the router's URL: the same history entry, the other filters kept; a new query drops `archive` (docs/product.md#the-last-30-days). */
export function writeQuery(router: RegisteredRouter, query: string): void {
  void router.navigate({ to: '/', search: (previous) => ({ ...previous, q: query === '' ? undefined : query, archive: undefined }), replace: true, resetScroll: false });
}

/** The search machine writing its query into the router's URL. */
export function appSearchMachine(router: RegisteredRouter) {
  return searchMachine.provide({
    actions: {
      writeQuery: (_, { query }) => writeQuery(router, query),
    },
  });
}

/** The URL's query as the page opens (docs/product.md#search-categories-and-the-url). */
export function readSearchInput(router: RegisteredRouter) {
  return { query: validateHomeSearch(router.state.location.search).q ?? '' };
}

export const appArchiveSearchMachine = archiveSearchMachine.provide({
  actors: {
    searchArchive: fromPromise<Story[], { query: string }>(async ({ input, signal }) => (await fetchFeed({ q: input.query }, signal)).stories),
  },
});

export const SearchActor = createFrameActorContext(searchMachine, { query: '' });
export const ArchiveSearchActor = createFrameActorContext(appArchiveSearchMachine, undefined);
