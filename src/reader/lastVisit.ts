import { parseLastVisit } from '../domain/new-since.ts';
import { readStorage, writeStorage } from '../browser/browser.ts';
import { LAST_VISIT_STORAGE_KEY } from '../browser/storage-keys.ts';

/** The previous visit's time; null when there is none or it cannot be read (a first visit). */
export function readLastVisit(): number | null {
  return parseLastVisit(readStorage(LAST_VISIT_STORAGE_KEY));
}

/** Stores this visit's time; storage that refuses leaves the page as it is. */
export function recordVisit(now: Date): void {
  try {
    writeStorage(LAST_VISIT_STORAGE_KEY, now.toISOString());
  } catch {
    // Quota or privacy mode: next time is a first visit again; nothing else changes.
  }
}
