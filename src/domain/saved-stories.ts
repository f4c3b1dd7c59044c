import { storyOf } from './normalize.ts';
import { idEntry, mergeLists, readList, readStoredList } from './stored-list.ts';
import type { Story } from './story.ts';

/**
 * Saved stories that last (docs/product.md#saved-stories-last): beside the bookmarked ids
 * (`newsBookmarks`), a copy of each saved story is kept in `newsSavedStories`, so the Saved view
 * can show it after the feed has dropped it, offline too.
 */

/** At most this many copies are kept, newest saved first (docs/product.md#timings-and-constants). */
export const SAVED_STORIES_MAX = 500;

/**
 * The stored copies: a JSON array of stories, each validated as a feed answer's are (invalid
 * items and repeated ids dropped), the first 500. Absent, not JSON, not an array, or any other
 * format reads as no copies; the bookmarks themselves never depend on this value.
 */
export function parseSavedStories(value: string | null): Story[] {
  return readStoredList(value, storyOf, (story) => story.id, SAVED_STORIES_MAX);
}

/** Stored bookmarks: a JSON array of ids. Anything else reads as no bookmarks; junk entries are skipped. */
export function parseStoredBookmarks(value: string | null): string[] {
  return readStoredList(value, idEntry, (id) => id);
}

/** The bookmarks and their copies in an export file (docs/product.md#your-reading-in-another-browser): read as the stored values are. */
export function savedListsFrom(ids: unknown, stories: unknown): { ids: string[]; stories: Story[] } {
  const saved = readList(ids, idEntry, (id) => id);
  return { ids: saved, stories: copiesOf(saved, readList(stories, storyOf, (story) => story.id)) };
}

/**
 * Imported bookmarks joined to these: every bookmark here kept in its place, the new ones after it
 * (saved last); each story's copy from here when it has one, else the imported one, newest saved first.
 */
export function mergeSavedLists(here: { ids: readonly string[]; stories: readonly Story[] }, imported: { ids: readonly string[]; stories: readonly Story[] }): { ids: string[]; stories: Story[] } {
  const ids = mergeLists(here.ids, imported.ids, (id) => id);
  // The copies of the bookmarks new here come first: saved last, so newest saved.
  const added = copiesOf(ids.slice(here.ids.length), imported.stories);
  return { ids, stories: copiesOf(ids, [...added, ...here.stories, ...imported.stories]) };
}

/** The copies of saved stories only (`ids`), each once (the first copy of an id wins), at most 500, in the order given. */
export function copiesOf(ids: readonly string[], stories: readonly Story[]): Story[] {
  const saved = new Set(ids);
  // Deleting as it goes: a second copy of an id finds it gone.
  return stories.filter((story) => saved.delete(story.id)).slice(0, SAVED_STORIES_MAX);
}

/** The value to store: the first 500 copies. */
export function serializeSavedStories(stories: readonly Story[]): string {
  return JSON.stringify(stories.slice(0, SAVED_STORIES_MAX));
}

/** Where the two lists are written; each throws when storage refuses. */
export interface SavedListsStore {
  writeIds(value: string): void;
  writeStories(value: string): void;
}

/**
 * Saves the bookmarks, then their copies. Only a refused ids write throws (the bookmarks are
 * what must last); a refused copies write (quota: copies are the large value) leaves the earlier
 * copies stored, and reading them keeps only the copies of saved ids.
 */
export function saveSavedLists(store: SavedListsStore, ids: readonly string[], stories: readonly Story[]): void {
  store.writeIds(JSON.stringify(ids));
  try {
    store.writeStories(serializeSavedStories(stories));
  } catch {
    // The copies wait for the next write that fits; the ids are saved.
  }
}

/**
 * The Saved view's list: every saved id in the order saved, shown with its story from the
 * current stories when they hold it (the freshest), else with its kept copy; an id with neither
 * is left out until a refresh brings it.
 */
export function savedView(ids: readonly string[], current: readonly Story[], kept: readonly Story[]): Story[] {
  const onPage = firstById(current);
  const copies = firstById(kept);
  const shown: Story[] = [];
  for (const id of new Set(ids)) {
    const story = onPage.get(id) ?? copies.get(id);
    if (story !== undefined) shown.push(story);
  }
  return shown;
}

/** Each id's first story. */
function firstById(stories: readonly Story[]): Map<string, Story> {
  const byId = new Map<string, Story>();
  for (const story of stories) byId.set(story.id, byId.get(story.id) ?? story);
  return byId;
}
