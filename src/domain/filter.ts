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

/**
 * Between the fields of a story's searched text, and between stories in the prepared index. A
 * query without it cannot match across two fields or two stories there, so one search does
 * the work of three per story; a query with it (no one types it) takes the slow path.
 */
const FIELD_BREAK = '\u0000';

/** Stories per chunk of the prepared index, and searched between two pauses of a search run in steps. */
export const FILTER_STEP = 256;

/**
 * A chunk of the prepared search index: FILTER_STEP stories' joined texts, lower-cased, in
 * one string, each followed by FIELD_BREAK. One string per chunk, not one per story: 10,000
 * stories' texts are 40 objects for the garbage collector to copy and mark, not 10,000 (with
 * an entry object and a WeakMap entry each, as before). Measured on a held 10,000-story answer
 * at 4x CPU throttling: main-thread GC 161 ms before, 132 ms after (means of 9 and 6 traces).
 * The cost: a chunk holding one character beyond Latin-1 is stored two bytes per character.
 */
interface IndexChunk {
  /** The stories indexed, by position in the chunk: a story replaced since is indexed again. */
  stories: readonly Story[];
  text: string;
  /** Where each story's text starts in `text`; then the text's length. */
  starts: number[];
}

/** The prepared index of a stories array, by chunk (position / FILTER_STEP). */
const arrayIndexes = new WeakMap<readonly Story[], (IndexChunk | undefined)[]>();

/**
 * The index chunk `c` of `stories`, prepared now if it was not, or if a story at one of its
 * positions was replaced since. Story objects themselves are never edited (the app's are not).
 */
function indexChunk(stories: readonly Story[], c: number): IndexChunk {
  const chunks = arrayIndexes.get(stories) ?? [];
  arrayIndexes.set(stories, chunks);
  const slice = stories.slice(c * FILTER_STEP, (c + 1) * FILTER_STEP);
  const cached = chunks[c];
  if (cached?.stories.length === slice.length && cached.stories.every((story, k) => story === slice[k])) return cached;
  // Each story's three searched fields and the break after them, lower-cased (FIELD_BREAK stays
  // as it is: it is no letter, and no letter's case depends on it). Joined at once, so that the
  // chunk's text is one flat string and the stories' own texts are short-lived.
  const texts = slice.map(({ title, summary, source }) => [title, summary, source, ''].join(FIELD_BREAK).toLowerCase());
  const starts = [0];
  for (const text of texts) starts.push((starts.at(-1) as number) + text.length);
  return (chunks[c] = { stories: slice, text: texts.join(''), starts });
}

/**
 * Prepares chunk `c` of the search index of `stories` (its stories from c × FILTER_STEP) ahead
 * of the first search, so that filtering thousands of stories then only searches (the app
 * prepares them one by one, in the background).
 */
export function prepareSearchIndex(stories: readonly Story[], c: number): void {
  indexChunk(stories, c);
}

/** A story searched on its own, field by field, outside the prepared index; `query` is trimmed and lower-cased, not empty. */
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

/**
 * The stories matching (among `candidates`, or all of `stories` when null), in order, with
 * their positions; pausing (`yield`) after every FILTER_STEP stories searched.
 */
function* matching(stories: readonly Story[], candidates: readonly Match[] | null, query: string, filter: StoryFilter, bookmarks: ReadonlySet<string>): Generator<void, Match[], void> {
  const categories = new Set(filter.categories);
  const plain = !query.includes(FIELD_BREAK);
  // The index chunk searched last: stories are searched in order, a chunk at a time.
  let chunk = -1;
  let index: IndexChunk | undefined;
  // The lower-cased text of the story at `position`, from its index chunk.
  const indexedText = (position: number): string => {
    const c = Math.floor(position / FILTER_STEP);
    if (index === undefined || c !== chunk) {
      index = indexChunk(stories, c);
      chunk = c;
    }
    const k = position - c * FILTER_STEP;
    return index.text.slice(index.starts[k], index.starts[k + 1]);
  };
  const matches = (position: number, story: Story): boolean => {
    if (filter.savedOnly && !bookmarks.has(story.id)) return false;
    if (categories.size > 0 && !categories.has(categoryOf(story))) return false;
    if (query === '') return true;
    // A story no longer at its position (a match of an earlier search) is searched on its own.
    return plain && stories[position] === story ? indexedText(position).includes(query) : matchesQuery(story, query);
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
