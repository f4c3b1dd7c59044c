import { categoriesOf, filterStories, onFrontPage, type StoryFilter, type VisitorMarks } from './filter.ts';
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
  /** The outlets hidden and the stories read (machines/hiddenSources.ts, machines/readMarks.ts). */
  marks: VisitorMarks;
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
  /** The Following view's stories: every followed one, whatever is hidden or read (docs/product.md#following-a-story). */
  following: Story[];
  /** The filter matches stories, and every one of them is from a hidden outlet: "Every story here is from an outlet you hid". */
  everyMatchHidden: boolean;
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
  const { marks } = sources;
  const loaded = notShown([...sources.firstPage, ...sources.older], NONE);
  // Every loaded story's category, an outlet hidden or not: the marks never change what a category picks (a category only hidden outlets tell says so).
  const categories = categoriesOf(sources.savedCopies.length === 0 ? loaded : [...loaded, ...sources.savedCopies]);
  const known = new Set(categories);
  const selected = [...new Set(filter.categories)].filter((category) => known.has(category));
  const narrowed = { ...filter, categories: selected };
  const saved = new Set(sources.savedIds);
  // Saved: every saved story in the order saved, from the page or its kept copy (docs/product.md#saved-stories-last).
  const listed = filter.savedOnly ? savedView(sources.savedIds, loaded, sources.savedCopies) : onFrontPage(loaded, marks, filter.unreadOnly);
  const matches = filterStories(listed, narrowed, saved);
  const archive = onFrontPage(notShown(sources.archive, idsOf(matches)), marks, filter.unreadOnly);
  const reachable = notShown([...loaded, ...sources.savedCopies, ...archive, ...sources.followed], NONE);
  const following = notShown(sources.followed, NONE);
  const everyMatchHidden =
    !filter.savedOnly && matches.length === 0 && marks.hiddenSources.size > 0 && filterStories(onFrontPage(loaded, { ...marks, hiddenSources: NONE }, filter.unreadOnly), narrowed, saved).length > 0;
  return { loaded, categories, selected, matches, archive, reachable, following, everyMatchHidden };
}
