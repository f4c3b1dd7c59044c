const FILTER_PARAMS = ['q', 'category', 'saved'];

/** The home page with no search, category or saved filter: the only page whose first cards are known. */
export function isUnfilteredHome(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (location.pathname !== '/') return false;
  const params = new URLSearchParams(location.search);
  return FILTER_PARAMS.every((name) => !params.has(name));
}
