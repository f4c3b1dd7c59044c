
/** The home route's URL state: `/?q=text&category=Science&category=Sports&saved=1` (docs/product.md#search-categories-and-the-url). */
export interface HomeSearch {
  q?: string;
  category?: string[];
  saved?: boolean;
  /** "From the last 30 days" shows (docs/product.md#the-last-30-days); only with a query. */
  archive?: boolean;
  /** The Following view shows (docs/product.md#following-a-story). */
  following?: boolean;
  /** "Hide read" is pressed (docs/product.md#read). */
  unread?: boolean;
}

// The router JSON-parses each param, so `?q=2024` or `?category=true` arrive as numbers or
// booleans; they mean the text the visitor typed.
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return String(value);
  }
  return undefined;
}

function categoryList(value: unknown): string[] {
  const values: readonly unknown[] = Array.isArray(value) ? value : [value];
  const categories = new Set<string>();
  for (const item of values) {
    const text = asText(item);
    // Stored categories are trimmed, so a blank one could never match.
    if (text !== undefined && text.trim() !== '') categories.add(text);
  }
  return [...categories];
}

const FLAG_VALUES: ReadonlySet<unknown> = new Set([true, 1, '1', 'true']);

/** Tolerant reading of the URL's search params; keys at their default are left out. Never throws. */
export function validateHomeSearch(raw: Record<string, unknown>): HomeSearch {
  if (typeof raw !== 'object' || raw === null) return {};
  const search: HomeSearch = {};
  // The query is kept exactly as typed (only '' is the default): the search box shows it back.
  const q = Object.hasOwn(raw, 'q') ? asText(raw.q) : undefined;
  if (q !== undefined && q !== '') search.q = q;
  const category = Object.hasOwn(raw, 'category') ? categoryList(raw.category) : [];
  if (category.length > 0) search.category = category;
  if (Object.hasOwn(raw, 'saved') && FLAG_VALUES.has(raw.saved)) search.saved = true;
  if (Object.hasOwn(raw, 'following') && FLAG_VALUES.has(raw.following)) search.following = true;
  if (Object.hasOwn(raw, 'unread') && FLAG_VALUES.has(raw.unread)) search.unread = true;
  // The last 30 days are searched for the query: without one there is nothing to search.
  if (search.q !== undefined && search.q.trim() !== '' && Object.hasOwn(raw, 'archive') && FLAG_VALUES.has(raw.archive)) search.archive = true;
  return search;
}
