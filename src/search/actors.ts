/**
 * The last 30 days' machine with its real effect, the archive call (docs/machines.md), and how
 * components read the search's machines.
 */
import type { SnapshotFrom } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import type { Story } from '../domain/story.ts';
import { fetchFeed } from '../api/fetch-news.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';
import { fromCall } from '../browser/from-call.ts';

export const appArchiveSearchMachine = archiveSearchMachine.provide({
  actors: {
    searchArchive: fromCall<Story[], { query: string }>(async ({ input, signal }) => (await fetchFeed({ q: input.query }, signal)).stories),
  },
});

export const useSearchActor = () => usePageActor('search');
/** What the search box shows, and the stories follow at every key (machines/search.ts). */
export const useSearchText = () => usePageSelector('search', (snapshot) => snapshot.context.text);
export const useArchiveActor = () => usePageActor('archive');
export const useArchive = <T,>(selector: (snapshot: SnapshotFrom<typeof archiveSearchMachine>) => T) => usePageSelector('archive', selector);
