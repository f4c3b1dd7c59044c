/**
 * The search's machines with their real effects (the router's URL, the archive call)
 * (docs/machines.md), the URL's search as the page follows it, and how components read them.
 */
import type { RegisteredRouter } from '@tanstack/react-router';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { fromCallback } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import type { PageEvent, UrlSearch } from '../../machines/page.ts';
import { searchMachine } from '../../machines/search.ts';
import { validateHomeSearch } from '../domain/search-params.ts';
import type { Story } from '../domain/story.ts';
import { fetchFeed } from '../feed/fetch-feed.ts';
import { useSystemActor, useSystemSelector } from '../ui/frame.ts';
import { fromCall } from '../browser/from-call.ts';

/** The query into the router's URL: the same history entry, the other filters kept; a new query drops `archive` (docs/product.md#the-last-30-days). */
function writeQuery(router: RegisteredRouter, query: string): void {
  void router.navigate({ to: '/', search: (previous) => ({ ...previous, q: query === '' ? undefined : query, archive: undefined }), replace: true, resetScroll: false });
  // The router writes the history a moment later: a reload right after (search.flush) must not outrun it.
  router.history.flush();
}

/** The search machine writing its query into the router's URL. */
export function appSearchMachine(router: RegisteredRouter) {
  return searchMachine.provide({
    actions: {
      writeQuery: (_, { query }) => writeQuery(router, query),
    },
  });
}

export const appArchiveSearchMachine = archiveSearchMachine.provide({
  actors: {
    searchArchive: fromCall<Story[], { query: string }>(async ({ input, signal }) => (await fetchFeed({ q: input.query }, signal)).stories),
  },
});

/** A URL's search as the page follows it: its query and whether "From the last 30 days" shows (docs/product.md#search-categories-and-the-url). */
export function urlSearchOf(search: Record<string, unknown>): UrlSearch {
  const { q, archive, following } = validateHomeSearch(search);
  return { query: q ?? '', archive: archive === true, following: following === true };
}

/** Every change of the URL's search, as the page machine takes it: each navigation, as it starts (Back and Forward too). */
export function urlChangesOf(router: RegisteredRouter) {
  return fromCallback<PageEvent>(({ sendBack }) => router.subscribe('onBeforeLoad', ({ toLocation }) => sendBack({ type: 'url.changed', ...urlSearchOf(toLocation.search) })));
}

type SearchRef = ActorRefFrom<typeof searchMachine>;
type ArchiveRef = ActorRefFrom<typeof archiveSearchMachine>;

export const useSearchActor = () => useSystemActor<SearchRef>('search');
/** The text typed, until the URL has taken it; null when the box shows the URL's query. */
export const useTypedText = () => useSystemSelector<SearchRef, string | null>('search', (snapshot) => (snapshot.matches('idle') ? null : snapshot.context.text));
export const useArchiveActor = () => useSystemActor<ArchiveRef>('archive');
export const useArchive = <T,>(selector: (snapshot: SnapshotFrom<typeof archiveSearchMachine>) => T) => useSystemSelector<ArchiveRef, T>('archive', selector);
