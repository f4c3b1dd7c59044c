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
  /** The three fields lower-cased, each on its own, joined by FIELD_BREAK: one search per story. */
  joined: string;
}

/**
 * Between the fields of `joined`. A query without it cannot match across two fields there,
 * so one `includes` does the work of three; a query with it (no one types it) takes the slow path.
 */
const FIELD_BREAK = '\u0000';

// Lower-casing every story's text on every keystroke costs more than the search itself,
// so keep it per story object: the prepared search index. The entry also holds the originals,
// so a story whose text has changed is never matched against stale text.
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
    joined: `${title.toLowerCase()}${FIELD_BREAK}${summary.toLowerCase()}${FIELD_BREAK}${source.toLowerCase()}`,
  };
  searchTexts.set(story, entry);
  return entry;
}

// The prepared search index of a stories array: each story's `joined` text by position, so
// that a search is one `includes` per story and a pointer comparison. A story object replaced
// at a position is indexed again; story objects themselves are never edited (the app's are not).
interface ArrayIndex {
  stories: (Story | undefined)[];
  texts: (string | undefined)[];
}
const arrayIndexes = new WeakMap<readonly Story[], ArrayIndex>();

function indexFor(stories: readonly Story[]): ArrayIndex {
  let index = arrayIndexes.get(stories);
  if (index === undefined) {
    index = { stories: new Array<Story | undefined>(stories.length), texts: new Array<string | undefined>(stories.length) };
    arrayIndexes.set(stories, index);
  }
  return index;
}

/** The lower-cased text of `story`, at position `i` of the array `index` belongs to. */
function indexedText(index: ArrayIndex, i: number, story: Story): string {
  const text = index.texts[i];
  if (text !== undefined && index.stories[i] === story) return text;
  const joined = searchText(story).joined;
  index.stories[i] = story;
  index.texts[i] = joined;
  return joined;
}

/**
 * Prepares the search index of `stories[from..to)` ahead of the first search, so that filtering
 * thousands of stories then only searches (the app calls it in small slices, in the background).
 */
export function prepareSearchIndex(stories: readonly Story[], from: number, to: number): void {
  const index = indexFor(stories);
  const start = Math.max(0, from);
  stories.slice(start, Math.max(start, to)).forEach((story, k) => indexedText(index, start + k, story));
}

/** `query` is trimmed and lower-cased, not empty. */
function matchesQuery(story: Story, query: string): boolean {
  const text = searchText(story);
  if (!query.includes(FIELD_BREAK)) return text.joined.includes(query);
  return (
    text.title.toLowerCase().includes(query) ||
    text.summary.toLowerCase().includes(query) ||
    text.source.toLowerCase().includes(query)
  );
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

interface LastFilter {
  stories: readonly Story[];
  bookmarks: ReadonlySet<string>;
  categories: readonly string[];
  savedOnly: boolean;
  query: string;
  /** The matches with their positions in `stories`; null for all of them (no filter at all). */
  matches: Match[] | null;
  result: Story[];
}

interface Match {
  position: number;
  story: Story;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** Stories searched between two pauses of a search run in steps (StoryFilterFunction.steps). */
export const FILTER_STEP = 256;

/**
 * The stories matching (among `candidates`, or all of `stories` when null), in order, with
 * their positions; pausing (`yield`) after every FILTER_STEP stories searched.
 */
function* matching(stories: readonly Story[], candidates: readonly Match[] | null, query: string, filter: StoryFilter, bookmarks: ReadonlySet<string>): Generator<void, Match[], void> {
  const index = indexFor(stories);
  const categories = new Set(filter.categories);
  const plain = !query.includes(FIELD_BREAK);
  const matches = (position: number, story: Story): boolean => {
    if (filter.savedOnly && !bookmarks.has(story.id)) return false;
    if (categories.size > 0 && !categories.has(categoryOf(story))) return false;
    if (query === '') return true;
    return plain ? indexedText(index, position, story).includes(query) : matchesQuery(story, query);
  };
  const found: Match[] = [];
  const count = candidates === null ? stories.length : candidates.length;
  for (let start = 0; start < count; start += FILTER_STEP) {
    if (start > 0) yield;
    const end = Math.min(count, start + FILTER_STEP);
    for (let i = start; i < end; i += 1) {
      const match = candidates === null ? { position: i, story: stories[i] as Story } : (candidates[i] as Match);
      if (matches(match.position, match.story)) found.push(match);
    }
  }
  return found;
}

/** Runs a search's steps to the end. */
function toEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export interface StoryFilterFunction {
  (stories: readonly Story[], filter: StoryFilter, bookmarks: ReadonlySet<string>): Story[];
  /**
   * The same search in steps of FILTER_STEP stories, for a caller that runs it in slices between
   * other work (src/app/search-index.ts): the generator returns the matches. Finished, it counts
   * as the previous call (a call with the same arguments then answers at once); left
   * unfinished, it changes nothing.
   */
  steps(stories: readonly Story[], filter: StoryFilter, bookmarks: ReadonlySet<string>): Generator<void, Story[], void>;
}

/**
 * `filterStories` for a search box: the same answer for every call, faster while typing. It
 * searches the prepared index of the stories array (prepareSearchIndex; what is not prepared
 * yet is prepared on the way), and when only the query changed since the previous call and it
 * contains the previous query (typing on: every story matching it matched the previous one),
 * only the previous matches are searched. Each returned function keeps its own previous call;
 * the stories in an array passed again are taken to be unchanged (the app's stories are never
 * edited in place).
 */
export function createStoryFilter(): StoryFilterFunction {
  let last: LastFilter | undefined;
  function* steps(stories: readonly Story[], filter: StoryFilter, bookmarks: ReadonlySet<string>): Generator<void, Story[], void> {
    const query = normalizedQuery(filter.query);
    const previous = last;
    const narrowing =
      previous !== undefined &&
      previous.stories === stories &&
      previous.savedOnly === filter.savedOnly &&
      // Bookmarks only count with savedOnly (then the same set, as a memoized one is).
      (!filter.savedOnly || previous.bookmarks === bookmarks) &&
      sameList(previous.categories, filter.categories) &&
      query.includes(previous.query);
    if (narrowing && query === previous.query) return previous.result;
    // No filter at all (the page as it first shows): every story, in order, with nothing to
    // search or to remember one by one. A search typed next narrows from all of them.
    if (query === '' && filter.categories.length === 0 && !filter.savedOnly) {
      const all = stories.slice();
      last = { stories, bookmarks, categories: [], savedOnly: false, query, matches: null, result: all };
      return all;
    }
    const matches = yield* matching(stories, narrowing ? previous.matches : null, query, filter, bookmarks);
    const result = matches.map((match) => match.story);
    last = { stories, bookmarks, categories: [...filter.categories], savedOnly: filter.savedOnly, query, matches, result };
    return result;
  }
  const storyFilter = (stories: readonly Story[], filter: StoryFilter, bookmarks: ReadonlySet<string>) => toEnd(steps(stories, filter, bookmarks));
  return Object.assign(storyFilter, { steps });
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
