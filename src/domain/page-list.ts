import { categoriesOf, filterStories, type StoryFilter } from './filter.ts';
import { savedView } from './saved-stories.ts';
import type { Story } from './story.ts';

/**
 * What the home page lists (docs/product.md#search-categories-and-the-url), made once from what
 * its machines hold: the one place that decides which story shows where, and that a story shows
 * once. Components lay out what it returns.
 */

/** What the page's machines hold. */
export interface PageSources {
  /** The feed's first page (machines/feed.ts). */
  firstPage: readonly Story[];
  /** Every older page loaded after it, in order (machines/olderStories.ts). */
  older: readonly Story[];
  /** The saved ids, in the order saved, and the saved stories' kept copies (machines/bookmarks.ts). */
  savedIds: readonly string[];
  savedCopies: readonly Story[];
  /** The last 30 days' answer for the box's text (machines/archiveSearch.ts). */
  archive: readonly Story[];
  /** The followed stories' last known copies (machines/follows.ts). */
  followed: readonly Story[];
}

export interface PageList {
  /** Every story loaded: the first page, then the older pages' stories it does not hold. */
  loaded: Story[];
  /** The categories among the loaded stories and the saved copies (the Saved view shows them too). */
  categories: string[];
  /** The filter's categories that are among them: the others are ignored (docs/product.md#search-categories-and-the-url). */
  selected: string[];
  /** What the story area shows for the filter: Top Stories first, then More Stories. */
  matches: Story[];
  /** "From the last 30 days": the archive's stories not among the matches. */
  archive: Story[];
  /** Every story a reading key can act on (docs/product.md#reading-with-the-keyboard), each once. */
  reachable: Story[];
}

/** `stories` without those in `shown`, each id once, in their own order: the one "not already shown" rule. */
export function notShown(stories: readonly Story[], shown: ReadonlySet<string>): Story[] {
  const seen = new Set(shown);
  const kept: Story[] = [];
  for (const story of stories) {
    if (seen.has(story.id)) continue;
    seen.add(story.id);
    kept.push(story);
  }
  return kept;
}

const NONE: ReadonlySet<string> = new Set();
export const idsOf = (stories: readonly Story[]): ReadonlySet<string> => new Set(stories.map((story) => story.id));

export function pageList(sources: PageSources, filter: StoryFilter): PageList {
  const loaded = notShown([...sources.firstPage, ...sources.older], NONE);
  const categories = categoriesOf(sources.savedCopies.length === 0 ? loaded : [...loaded, ...sources.savedCopies]);
  // Saved: every saved story in the order saved, from the page or its kept copy (docs/product.md#saved-stories-last).
  const known = new Set(categories);
  const selected = [...new Set(filter.categories)].filter((category) => known.has(category));
  const listed = filter.savedOnly ? savedView(sources.savedIds, loaded, sources.savedCopies) : loaded;
  const matches = filterStories(listed, { ...filter, categories: selected }, new Set(sources.savedIds));
  const archive = notShown(sources.archive, idsOf(matches));
  const reachable = notShown([...loaded, ...sources.savedCopies, ...archive, ...sources.followed], NONE);
  return { loaded, categories, selected, matches, archive, reachable };
}
