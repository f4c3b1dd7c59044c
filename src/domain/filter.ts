import { DEFAULT_CATEGORY, type Story } from './story.ts';

export interface StoryFilter {
  query: string;
  categories: readonly string[];
  savedOnly: boolean;
  /** "Hide read": read stories leave the front page (docs/product.md#read). */
  unreadOnly: boolean;
}

export const EMPTY_FILTER: StoryFilter = Object.freeze({
  query: '',
  categories: Object.freeze([]),
  savedOnly: false,
  unreadOnly: false,
});

/** What the visitor marked in this browser (docs/product.md#hide-an-outlet, #read): the outlets hidden, the stories read. */
export interface VisitorMarks {
  hiddenSources: ReadonlySet<string>;
  read: ReadonlySet<string>;
}

export const NO_MARKS: VisitorMarks = Object.freeze({ hiddenSources: new Set<string>(), read: new Set<string>() });

/**
 * The front page's stories as the visitor shaped it: none from a hidden outlet (a card is its
 * leading report, so a group led by a hidden outlet's report goes whole), and with "Hide read" none
 * read. The Saved and Following views never pass through here: they show the visitor's own picks.
 */
export function onFrontPage(stories: readonly Story[], marks: VisitorMarks, unreadOnly: boolean): Story[] {
  return stories.filter((story) => !marks.hiddenSources.has(story.source) && !(unreadOnly && marks.read.has(story.id)));
}

/** A story's category for filtering: missing, empty or blank counts as "General" (docs/product.md#search-categories-and-the-url). */
export function categoryOf(story: { readonly category?: string }): string {
  const { category } = story;
  return typeof category === 'string' && category.trim() !== '' ? category : DEFAULT_CATEGORY;
}

/** Whether one of the story's searched fields holds `query` (trimmed and lower-cased, not empty). */
function matchesQuery({ title, summary, source }: Story, query: string): boolean {
  return [title, summary, source].some((field) => field.toLowerCase().includes(query));
}

/** The search as the filter compares it: trimmed, lower-cased (docs/product.md#search-categories-and-the-url). */
function normalizedQuery(query: string): string {
  return query.trim().toLowerCase();
}

function filterWith(stories: readonly Story[], query: string, filter: StoryFilter, bookmarks: ReadonlySet<string>): Story[] {
  const categories = new Set(filter.categories);
  return stories.filter(
    (story) =>
      (!filter.savedOnly || bookmarks.has(story.id)) &&
      (categories.size === 0 || categories.has(categoryOf(story))) &&
      (query === '' || matchesQuery(story, query)),
  );
}

/** Stories matching search AND categories AND saved, in input order. */
export function filterStories(
  stories: readonly Story[],
  filter: StoryFilter,
  bookmarks: ReadonlySet<string>,
): Story[] {
  return filterWith(stories, normalizedQuery(filter.query), filter, bookmarks);
}

// English alphabetical order, case- and accent-insensitive; exact code-unit order breaks ties
// ("Science" vs "science") so the result never depends on the order of the input. Only used on
// distinct names (a Set), so a tie-break never sees two equal strings.
const collator = new Intl.Collator('en', { sensitivity: 'base' });

function alphabetical(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : 1);
}

/** The distinct categories present in the data, sorted alphabetically (docs/product.md#search-categories-and-the-url). */
export function categoriesOf(stories: readonly Story[]): string[] {
  return [...new Set(stories.map(categoryOf))].sort(alphabetical);
}
