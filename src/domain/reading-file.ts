import { readAlerts, type Alert } from './alerts.ts';
import { followsFrom, type Follow } from './follows.ts';
import { hiddenSourcesFrom } from './hidden-sources.ts';
import { isoTime } from './iso-time.ts';
import { field, isPlainObject } from './normalize.ts';
import { readIdsFrom } from './read-marks.ts';
import { savedListsFrom } from './saved-stories.ts';
import { parseStored } from './stored-list.ts';
import type { Story } from './story.ts';

/**
 * "Your reading" in a file (docs/product.md#your-reading-in-another-browser): what this browser
 * keeps, written to `newsroom-reading.json` and read back in another. Each section is read by the
 * rules of the stored key it comes from (src/domain/stored-list.ts and each key's own reader), so a
 * file can bring nothing a stored value could not hold. Pure: the page reads and writes the file at
 * its edge.
 */

export const READING_FILE_NAME = 'newsroom-reading.json';
export const READING_FORMAT = 'newsroom-reading';
export const READING_VERSION = 1;
/** A larger file is refused before it is read (docs/product.md#timings-and-constants). */
export const READING_FILE_MAX_BYTES = 5_000_000;

/** What a file carries, each section read as its stored key is. */
export interface Reading {
  /** `newsBookmarks` and the saved stories' copies (`newsSavedStories`). */
  bookmarks: { ids: string[]; stories: Story[] };
  /** `newsFollows`. */
  follows: Follow[];
  /** `newsHiddenSources`. */
  hiddenSources: string[];
  /** `newsRead`. */
  read: string[];
  /** `newsAlerts`. */
  alerts: Alert[];
}

/**
 * The sections of the file, each an array: the contract's (INTERFACE section 11) and the saved
 * stories' copies beside the bookmarks.
 */
const SECTIONS = ['bookmarks', 'saved_stories', 'follows', 'hidden_sources', 'read', 'alerts'] as const;

/** The file's text: the format, its version, when it was written, then each section. */
export function readingFileText(reading: Reading, exportedAt: string): string {
  const file = {
    format: READING_FORMAT,
    version: READING_VERSION,
    exported_at: exportedAt,
    bookmarks: reading.bookmarks.ids,
    saved_stories: reading.bookmarks.stories,
    follows: reading.follows,
    hidden_sources: reading.hiddenSources,
    read: reading.read,
    alerts: reading.alerts,
  };
  return JSON.stringify(file, null, 2);
}

/**
 * A file's text read: null when it is not a Newsroom export (not JSON, another format or version,
 * no time of export, a section that is not a list). A section left out is empty; within a section,
 * an entry a stored value would drop is dropped.
 */
export function readingFromFile(text: string): Reading | null {
  const file = parseStored(text);
  if (!isPlainObject(file)) return null;
  if (field(file, 'format') !== READING_FORMAT || field(file, 'version') !== READING_VERSION || isoTime(field(file, 'exported_at')) === null) return null;
  if (SECTIONS.some((section) => field(file, section) !== undefined && !Array.isArray(field(file, section)))) return null;
  return {
    bookmarks: savedListsFrom(field(file, 'bookmarks'), field(file, 'saved_stories')),
    follows: followsFrom(field(file, 'follows')),
    hiddenSources: hiddenSourcesFrom(field(file, 'hidden_sources')),
    read: readIdsFrom(field(file, 'read')),
    alerts: readAlerts(field(file, 'alerts')),
  };
}
