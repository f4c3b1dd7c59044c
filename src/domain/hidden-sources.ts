import { mergeLists, readList, readStoredList } from './stored-list.ts';

/**
 * Hidden outlets (docs/product.md#hide-an-outlet): the outlets whose stories the visitor took off
 * the front page, kept in `newsHiddenSources`. Pure: the page reads and writes storage at its edge.
 */

/** At most this many outlets are hidden (docs/product.md#timings-and-constants). */
export const HIDDEN_SOURCES_MAX = 100;

/** An outlet's name as stories carry it (trimmed, src/domain/normalize.ts); anything else is no entry. */
function sourceEntry(entry: unknown): string | null {
  const name = typeof entry === 'string' ? entry.trim() : '';
  return name === '' ? null : name;
}

const byName = (source: string) => source;

/** A parsed list of outlets (stored, or a section of an export file): names kept once, the first 100. */
export function hiddenSourcesFrom(value: unknown): string[] {
  return readList(value, sourceEntry, byName, HIDDEN_SOURCES_MAX);
}

/** The stored hidden outlets: a JSON array of names, newest hidden first. Anything else reads as none. */
export function parseHiddenSources(stored: string | null): string[] {
  return readStoredList(stored, sourceEntry, byName, HIDDEN_SOURCES_MAX);
}

export function serializeHiddenSources(sources: readonly string[]): string {
  return JSON.stringify(sources.slice(0, HIDDEN_SOURCES_MAX));
}

/** The outlets with `source` hidden first; null when 100 are hidden already. */
export function withHidden(sources: readonly string[], source: string): string[] | null {
  if (sources.includes(source)) return [...sources];
  if (sources.length >= HIDDEN_SOURCES_MAX) return null;
  return [source, ...sources];
}

export function withoutHidden(sources: readonly string[], source: string): string[] {
  return sources.filter((hidden) => hidden !== source);
}

/** Imported outlets joined to these: each outlet once, those hidden here first, at most 100. */
export function mergeHiddenSources(here: readonly string[], imported: readonly string[]): string[] {
  return mergeLists(here, imported, byName, HIDDEN_SOURCES_MAX);
}
