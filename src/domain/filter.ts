import { DEFAULT_CATEGORY, type Story } from './story.ts';

export interface StoryFilter {
  query: string;
  categories: readonly string[];
  savedOnly: boolean;
}

export const EMPTY_FILTER: StoryFilter = Object.freeze({
  query: '',
  categories: Object.freeze([]),
  savedOnly: false,
});

/** A story's category for filtering: missing, empty or blank counts as "General" (docs/product.md#search-categories-and-the-url). */
export function categoryOf(story: { readonly category?: string }): string {
  const { category } = story;
  return typeof category === 'string' && category.trim() !== '' ? category : DEFAULT_CATEGORY;
}

interface SearchText {
  title: string;
  summary: string;
  source: string;
  lowerTitle: string;
  lowerSummary: string;
  lowerSource: string;
}

// Lower-casing every story's text on every keystroke costs more than the search itself,
// so keep it per story object. The entry also holds the originals, so a story whose text
// has changed is never matched against stale text.
const searchTexts = new WeakMap<Story, SearchText>();

function searchText(story: Story): SearchText {
  const cached = searchTexts.get(story);
  if (
    cached !== undefined &&
    cached.title === story.title &&
    cached.summary === story.summary &&
    cached.source === story.source
  ) {
    return cached;
  }
  const { title, summary, source } = story;
  const entry: SearchText = {
    title,
    summary,
    source,
    lowerTitle: title.toLowerCase(),
    lowerSummary: summary.toLowerCase(),
    lowerSource: source.toLowerCase(),
  };
  searchTexts.set(story, entry);
  return entry;
}

function matchesQuery(story: Story, query: string): boolean {
  const text = searchText(story);
  return (
    text.lowerTitle.includes(query) ||
    text.lowerSummary.includes(query) ||
    text.lowerSource.includes(query)
  );
}

/** Stories matching search AND categories AND saved, in input order. */
export function filterStories(
  stories: readonly Story[],
  filter: StoryFilter,
  bookmarks: ReadonlySet<string>,
): Story[] {
  const query = filter.query.trim().toLowerCase();
  const categories = new Set(filter.categories);
  return stories.filter(
    (story) =>
      (!filter.savedOnly || bookmarks.has(story.id)) &&
      (categories.size === 0 || categories.has(categoryOf(story))) &&
      (query === '' || matchesQuery(story, query)),
  );
}

// English alphabetical order, case- and accent-insensitive; exact code-unit order breaks ties
// ("Science" vs "science") so the result never depends on the order of the input.
const collator = new Intl.Collator('en', { sensitivity: 'base' });

function alphabetical(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The distinct categories present in the data, sorted alphabetically (docs/product.md#search-categories-and-the-url). */
export function categoriesOf(stories: readonly Story[]): string[] {
  return [...new Set(stories.map(categoryOf))].sort(alphabetical);
}
