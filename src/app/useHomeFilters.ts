import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { filterFromSearch, type HomeSearch } from '../domain/search-params.ts';

/**
 * The home page's filters live in the URL (docs/product.md#search-categories-and-the-url): reading them, and
 * changing them so that typing replaces the history entry and other changes add one.
 */
export function useHomeFilters(categories: readonly string[]) {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const filter = useMemo(() => filterFromSearch(search, categories), [search, categories]);

  const update = useCallback(
    (patch: Partial<HomeSearch>, replace = false) =>
      navigate({ search: (previous: HomeSearch) => ({ ...previous, ...patch }), replace, resetScroll: false }),
    [navigate],
  );

  return {
    filter,
    setQuery: useCallback((q: string) => update({ q: q === '' ? undefined : q }, true), [update]),
    setCategories: useCallback((category: string[]) => update({ category: category.length ? category : undefined }), [update]),
    setSavedOnly: useCallback((saved: boolean) => update({ saved: saved || undefined }), [update]),
    clearFilters: useCallback(() => update({ q: undefined, category: undefined, saved: undefined }), [update]),
  };
}
