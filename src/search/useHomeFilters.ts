import { useCallback, useEffect, useMemo, useState } from 'react';
import { beforeReload } from '../browser/on-demand.ts';
import type { StoryFilter } from '../domain/filter.ts';
import { usePage } from '../system/page-system.ts';
import { useSearchActor } from './actors.ts';
import { useHomeSearch } from './useHomeSearch.ts';

const NO_CATEGORIES: readonly string[] = [];

/**
 * The home page's filters (docs/product.md#search-categories-and-the-url). The URL holds them:
 * the query, the categories, Saved, Following and `archive`; each change is one intent sent to
 * the page machine, which writes the URL (machines/page.ts). The query, typed and settled, is
 * useQuery's.
 */
export function useHomeFilters() {
  const search = useHomeSearch();
  const searchActor = useSearchActor();
  // A reload of the page itself (src/browser/on-demand.ts): what is typed goes into the URL first, the pause skipped.
  useEffect(() => beforeReload(() => searchActor.send({ type: 'search.flush' })), [searchActor]);
  const page = usePage();
  // The same categories keep the same array when another parameter changes (the query, once
  // per pause), so that what shows them does not re-render.
  const categories = useSameList(search.category ?? NO_CATEGORIES);
  const savedOnly = search.saved === true;
  const unreadOnly = search.unread === true;
  /** As the URL asks; the page's list keeps the categories the stories have (src/domain/page-list.ts). The query is useQuery's. */
  const filter: Omit<StoryFilter, 'query'> = useMemo(() => ({ categories, savedOnly, unreadOnly }), [categories, savedOnly, unreadOnly]);

  return {
    filter,
    /** Shows "From the last 30 days" for the box's text (`archive=1`: docs/product.md#the-last-30-days). */
    showArchive: useCallback((text: string) => page.send({ type: 'filters.archive', query: text }), [page]),
    setCategories: useCallback((categories: string[]) => page.send({ type: 'filters.categories', categories }), [page]),
    setSavedOnly: useCallback((on: boolean) => page.send({ type: 'filters.saved', on }), [page]),
    /** The Following view (`following=1`: docs/product.md#following-a-story). */
    following: search.following === true,
    setFollowing: useCallback((on: boolean) => page.send({ type: 'filters.following', on }), [page]),
    /** "Hide read" (`unread=1`: docs/product.md#read). */
    setUnreadOnly: useCallback((on: boolean) => page.send({ type: 'filters.unread', on }), [page]),
    clearFilters: useCallback(() => page.send({ type: 'filters.clear' }), [page]),
  };
}

/** `list`, or the equal list returned before: an array that changes only with its content. */
function useSameList(list: readonly string[]): readonly string[] {
  const [kept, setKept] = useState(list);
  const same = kept.length === list.length && kept.every((item, i) => item === list[i]);
  if (!same) setKept(list);
  return same ? kept : list;
}
