import { idEntry, mergeLists, readList, readStoredList } from './stored-list.ts';

/**
 * Read marks (docs/product.md#read): the ids of the stories the visitor read, most recent first,
 * kept in `newsRead`. Pure: the page reads and writes storage at its edge.
 */

/** At most this many read marks are kept: the most recent (docs/product.md#timings-and-constants). */
export const READ_MAX = 1000;

const byId = (id: string) => id;

/** A parsed list of read ids (stored, or a section of an export file): each once, the first 1,000. */
export function readIdsFrom(value: unknown): string[] {
  return readList(value, idEntry, byId, READ_MAX);
}

/** The stored read marks: a JSON array of story ids, most recent first. Anything else reads as none. */
export function parseReadMarks(stored: string | null): string[] {
  return readStoredList(stored, idEntry, byId, READ_MAX);
}

export function serializeReadMarks(ids: readonly string[]): string {
  return JSON.stringify(ids.slice(0, READ_MAX));
}

/** The marks with `id` read most recently; the oldest mark past 1,000 goes. */
export function withRead(ids: readonly string[], id: string): string[] {
  return [id, ...ids.filter((read) => read !== id)].slice(0, READ_MAX);
}

export function withoutRead(ids: readonly string[], id: string): string[] {
  return ids.filter((read) => read !== id);
}

/** Imported marks joined to these: each id once, this browser's first, at most 1,000. */
export function mergeReadMarks(here: readonly string[], imported: readonly string[]): string[] {
  return mergeLists(here, imported, byId, READ_MAX);
}
