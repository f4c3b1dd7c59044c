import { useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { validateHomeSearch, type HomeSearch } from '../domain/search-params.ts';
import { parseSearch } from './search-serialization.ts';

/**
 * The home page's search as its URL holds it (docs/product.md#search-categories-and-the-url). While
 * another page shows (a story's), the home page stays drawn, hidden, as it was left: it keeps the
 * search it had, so that Back finds the same list.
 */
export function useHomeSearch(): HomeSearch {
  const current = useRouterState({ select: (state) => (state.location.pathname === '/' ? state.location.searchStr : null) });
  const [kept, setKept] = useState(current ?? '');
  if (current !== null && current !== kept) setKept(current);
  const search = current ?? kept;
  return useMemo(() => validateHomeSearch(parseSearch(search)), [search]);
}
