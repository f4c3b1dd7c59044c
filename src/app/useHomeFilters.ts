import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { StoryFilter } from '../domain/filter.ts';
import { filterFromSearch, type HomeSearch } from '../domain/search-params.ts';

/**
 * The home page's filters live in the URL (docs/product.md#search-categories-and-the-url): reading them, and
 * changing them so that typing replaces the history entry and other changes add one.
 */
export function useHomeFilters(categories: readonly string[]) {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const read = useMemo(() => filterFromSearch(search, categories), [search, categories]);
  // The same categories keep the same array when another parameter changes (the query, once
  // per pause), so that what shows them does not re-render.
  const selected = useSameList(read.categories);
  const filter: StoryFilter = useMemo(() => ({ ...read, categories: selected }), [read, selected]);

  const update = useCallback(
    (patch: Partial<HomeSearch>, replace = false) =>
      navigate({ search: (previous: HomeSearch) => ({ ...previous, ...patch }), replace, resetScroll: false }),
    [navigate],
  );

  return {
    filter,
    /** "From the last 30 days" shows for the query (`archive=1`: docs/product.md#the-last-30-days). */
    archive: search.archive === true,
    // A new query hides "From the last 30 days" until it is asked for again.
    setQuery: useCallback((q: string) => update({ q: q === '' ? undefined : q, archive: undefined }, true), [update]),
    showArchive: useCallback((q: string) => update({ q: q === '' ? undefined : q, archive: true }), [update]),
    setCategories: useCallback((category: string[]) => update({ category: category.length ? category : undefined }), [update]),
    setSavedOnly: useCallback((saved: boolean) => update({ saved: saved || undefined }), [update]),
    clearFilters: useCallback(() => update({ q: undefined, category: undefined, saved: undefined, archive: undefined }), [update]),
  };
}

/** `list`, or the equal list returned before: an array that changes only with its content. */
function useSameList(list: readonly string[]): readonly string[] {
  const [kept, setKept] = useState(list);
  const same = kept.length === list.length && kept.every((item, i) => item === list[i]);
  if (!same) setKept(list);
  return same ? kept : list;
}
