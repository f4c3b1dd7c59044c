import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { beforeReload } from '../browser/on-demand.ts';
import type { StoryFilter } from '../domain/filter.ts';
import { filterFromSearch, type HomeSearch } from '../domain/search-params.ts';
import { useFrame } from '../ui/frame.ts';
import { useSearchActor, useTypedText } from './actors.ts';

const NO_FILTERS: HomeSearch = {};

/**
 * The home page's filters (docs/product.md#search-categories-and-the-url). The URL owns them:
 * the query, the categories, Saved and `archive`; each change made here adds a history entry.
 * The search box's text is the search machine's while it is being typed (machines/search.ts),
 * which writes it into the URL once typing pauses.
 */
export function useHomeFilters(categories: readonly string[]) {
  const url = useSearch({ from: '/' });
  // The frame is drawn with no filters (src/ui/frame.ts).
  const search = useFrame() ? NO_FILTERS : url;
  const searchActor = useSearchActor();
  // A reload of the page itself (src/browser/on-demand.ts): what is typed goes into the URL first, the pause skipped.
  useEffect(() => beforeReload(() => searchActor.send({ type: 'search.flush' })), [searchActor]);
  const navigate = useNavigate({ from: '/' });
  const read = useMemo(() => filterFromSearch(search, categories), [search, categories]);
  // The same categories keep the same array when another parameter changes (the query, once
  // per pause), so that what shows them does not re-render.
  const selected = useSameList(read.categories);
  const filter: StoryFilter = useMemo(() => ({ ...read, categories: selected }), [read, selected]);
  const query = search.q ?? '';

  const update = useCallback(
    (patch: Partial<HomeSearch>) => navigate({ search: (previous: HomeSearch) => ({ ...previous, ...patch }), resetScroll: false }),
    [navigate],
  );

  return {
    filter,
    /** The URL's query: the title, the live region's count and "From the last 30 days" follow it (the box and the stories follow useSearchText). */
    query,
    /** Shows "From the last 30 days" for the box's text (`archive=1`: docs/product.md#the-last-30-days). */
    showArchive: useCallback((q: string) => update({ q: q === '' ? undefined : q, archive: true }), [update]),
    setCategories: useCallback((category: string[]) => update({ category: category.length ? category : undefined }), [update]),
    // Saved and Following are two views: one shows at a time.
    setSavedOnly: useCallback((saved: boolean) => update({ saved: saved || undefined, following: undefined }), [update]),
    /** The Following view (`following=1`: docs/product.md#following-a-story). */
    following: search.following === true,
    setFollowing: useCallback((following: boolean) => update({ following: following || undefined, saved: undefined }), [update]),
    clearFilters: useCallback(() => {
      searchActor.send({ type: 'search.reset' });
      update({ q: undefined, category: undefined, saved: undefined, archive: undefined, following: undefined });
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

/** What the box shows and the stories follow, at every key: the text being typed, else the URL's query. */
export function useSearchText(query: string): string {
  return useTypedText() ?? query;
}
