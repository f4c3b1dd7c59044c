/**
 * What the browser keeps, read (docs/product.md#stored-in-the-browser): a stored value that cannot
 * be read, is not JSON or is not of its format counts as absent, never as a crash; in a list, an
 * entry that is not of its format is dropped, a repeated one keeps its first place, and at most
 * `max` entries count.
 */

/** The stored value parsed; undefined when nothing is stored or it is not JSON. */
export function parseStored(stored: string | null): unknown {
  if (stored === null) return undefined;
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

/** A stored JSON array, each entry read by `read` (null drops it) and known by `key`; anything but an array reads as an empty list. */
export function readStoredList<T>(stored: string | null, read: (entry: unknown) => T | null, key: (entry: T) => string, max = Number.POSITIVE_INFINITY): T[] {
  return readList(parseStored(stored), read, key, max);
}

/** A list already parsed (a stored value, or a section of an export file), read by the same rules. */
export function readList<T>(parsed: unknown, read: (entry: unknown) => T | null, key: (entry: T) => string, max = Number.POSITIVE_INFINITY): T[] {
  if (!Array.isArray(parsed)) return [];
  const list: T[] = [];
  const keys = new Set<string>();
  // An index loop, not for...of: a sparse array's holes are entries too (dropped).
  for (let index = 0; index < parsed.length && list.length < max; index += 1) {
    const entry = read(parsed[index]);
    if (entry === null || keys.has(key(entry))) continue;
    keys.add(key(entry));
    list.push(entry);
  }
  return list;
}

/** An id as lists keep them (bookmarks, read marks): a non-empty string; anything else is no entry. */
export const idEntry = (entry: unknown): string | null => (typeof entry === 'string' && entry !== '' ? entry : null);

/**
 * Two lists as one (docs/product.md#your-reading-in-another-browser): every entry of `here` in its
 * place, then each of `added` whose key is not here yet, in its order; at most `max`.
 */
export function mergeLists<T>(here: readonly T[], added: readonly T[], key: (entry: T) => string, max = Number.POSITIVE_INFINITY): T[] {
  const keys = new Set(here.map(key));
  const merged = [...here];
  for (const entry of added) {
    if (merged.length >= max) break;
    if (keys.has(key(entry))) continue;
    keys.add(key(entry));
    merged.push(entry);
  }
  return merged.slice(0, max);
}
