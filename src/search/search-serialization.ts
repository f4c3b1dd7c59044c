/**
 * URL search strings for the router in the plain form docs/product.md#search-categories-and-the-url names:
 * `/?q=text&category=Science&category=Sports&saved=1`, not TanStack Router's JSON default.
 * Repeated keys become arrays; validation of the values is the route's job.
 */

export function parseSearch(search: string): Record<string, unknown> {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const result: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length > 1 ? values : values[0];
  }
  return result;
}

export function stringifySearch(search: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === false || item === '') continue;
      params.append(key, item === true ? '1' : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
