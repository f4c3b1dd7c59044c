import { useDeferredValue, useMemo } from 'react';
import { useSearchText } from './actors.ts';
import { useHomeSearch } from './useHomeSearch.ts';

/**
 * The search query, read in one place (docs/product.md#search-categories-and-the-url): what the
 * box shows, at every key (`typed`, the search machine's text); what the list is filtered by
 * (`shown`: the same text, in React's background render, so that a key interrupts the last key's
 * render); and what the URL holds once typing pauses (`settled`), which the page's title follows
 * and the live region's count waits for (`settling`).
 */
export function useQuery() {
  const typed = useSearchText();
  const shown = useDeferredValue(typed);
  const settled = useHomeSearch().q ?? '';
  // One object while the three stay the same: what is given it as a prop does not re-render.
  return useMemo(() => ({ typed, shown, settled, settling: shown !== settled }), [typed, shown, settled]);
}
