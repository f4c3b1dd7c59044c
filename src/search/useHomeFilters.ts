import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { beforeReload } from '../browser/on-demand.ts';
import type { StoryFilter } from '../domain/filter.ts';
import { filterFromSearch, type HomeSearch } from '../domain/search-params.ts';
import { useFrame } from '../ui/frame.ts';
import { SearchActor, writeQuery } from './actors.ts';

const NO_FILTERS: HomeSearch = {};

/**
 * The home page's filters live in the URL (docs/product.md#search-categories-and-the-url): reading them, and
 * changing them so that each change adds a history entry. The query's changes are the search machine's
 * (it writes them itself, replacing the entry); every change of the URL's query is sent to it.
 */
export function useHomeFilters(categories: readonly string[]) {
  const url = useSearch({ from: '/' });
  // The frame is drawn with no filters (src/ui/frame.ts); the machine follows the URL from the start.
  const search = useFrame() ? NO_FILTERS : url;
  const searchActor = SearchActor.useActorRef();
  const urlQuery = url.q ?? '';
  // Before paint: the box and the list never show a query the URL has left (Back, Forward).
  useLayoutEffect(() => searchActor.send({ type: 'search.urlChanged', query: urlQuery }), [searchActor, urlQuery]);
  useQueryKeptOnReload();
  const navigate = useNavigate({ from: '/' });
  const read = useMemo(() => filterFromSearch(search, categories), [search, categories]);
  // The same categories keep the same array when another parameter changes (the query, once
  // per pause), so that what shows them does not re-render.
  const selected = useSameList(read.categories);
  const filter: StoryFilter = useMemo(() => ({ ...read, categories: selected }), [read, selected]);

  const update = useCallback(
    (patch: Partial<HomeSearch>) => navigate({ search: (previous: HomeSearch) => ({ ...previous, ...patch }), resetScroll: false }),
    [navigate],
  );

  return {
    filter,
    /** "From the last 30 days" shows for the query (`archive=1`: docs/product.md#the-last-30-days). */
    archive: search.archive === true,
    showArchive: useCallback((q: string) => update({ q: q === '' ? undefined : q, archive: true }), [update]),
    setCategories: useCallback((category: string[]) => update({ category: category.length ? category : undefined }), [update]),
    setSavedOnly: useCallback((saved: boolean) => update({ saved: saved || undefined }), [update]),
    clearFilters: useCallback(() => {
      searchActor.send({ type: 'filters.clear' });
      update({ q: undefined, category: undefined, saved: undefined, archive: undefined });
    }, [searchActor, update]),
  };
}

/** `list`, or the equal list returned before: an array that changes only with its content. */
function useSameList(list: readonly string[]): readonly string[] {
  const [kept, setKept] = useState(list);
  const same = kept.length === list.length && kept.every((item, i) => item === list[i]);
  if (!same) setKept(list);
  return same ? kept : list;
}

/**
 * When the page reloads itself (a part removed by a deploy, a new version: src/browser/on-demand.ts),
 * the text typed since the last pause goes into the URL at once, the pause skipped, so that the
 * reloaded page opens with it. The other filters are in the URL from the moment they change.
 */
function useQueryKeptOnReload() {
  const router = useRouter();
  const searchActor = SearchActor.useActorRef();
  useEffect(
    () =>
      beforeReload(() => {
        const { text, query } = searchActor.getSnapshot().context;
        if (text === query) return;
        writeQuery(router, text);
        // The router applies history writes a moment later; the reload must not outrun this one.
        router.history.flush();
      }),
    [router, searchActor],
  );
}
