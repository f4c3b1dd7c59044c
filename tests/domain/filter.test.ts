import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStoryFilter,
  FILTER_STEP,
  EMPTY_FILTER,
  categoriesOf,
  categoryOf,
  filterStories,
  prepareSearchIndex,
  type StoryFilter,
} from '../../src/domain/filter.ts';
import type { Story } from '../../src/domain/story.ts';

function story(id: string, fields: Partial<Story> = {}): Story {
  return {
    id,
    title: `Title ${id}`,
    summary: '',
    source: 'Source',
    url: `https://example.com/${id}`,
    published_at: '',
    category: 'General',
    ...fields,
  };
}

const filter = (fields: Partial<StoryFilter>): StoryFilter => ({ ...EMPTY_FILTER, ...fields });
const none = new Set<string>();

describe('categoryOf', () => {
  it.each([
    [{ category: 'Science' }, 'Science'],
    [{ category: '' }, 'General'],
    [{ category: '   ' }, 'General'],
    [{}, 'General'],
    [{ category: undefined }, 'General'],
  ])('categoryOf(%j) is %j', (input, expected) => {
    expect(categoryOf(input)).toBe(expected);
  });
});

describe('filterStories', () => {
  const stories = [
    story('1', { title: 'Mars Rover Finds Ice', category: 'Science', source: 'Space Wire' }),
    story('2', { title: 'Cup Final', summary: 'A late GOAL decides it', category: 'Sports' }),
    story('3', { title: 'Rates hold', source: 'MONEY DESK', category: '' }),
    story('4', { title: 'Weather', category: 'General' }),
  ];
  const ids = (result: Story[]) => result.map((s) => s.id);

  it('returns every story, in order, for the empty filter', () => {
    expect(filterStories(stories, EMPTY_FILTER, none)).toEqual(stories);
  });

  it('searches title, summary and source, case-insensitively, with the query trimmed', () => {
    expect(ids(filterStories(stories, filter({ query: 'ice' }), none))).toEqual(['1']);
    expect(ids(filterStories(stories, filter({ query: '  goal ' }), none))).toEqual(['2']);
    expect(ids(filterStories(stories, filter({ query: 'money desk' }), none))).toEqual(['3']);
    expect(ids(filterStories(stories, filter({ query: 'SPACE' }), none))).toEqual(['1']);
    expect(ids(filterStories(stories, filter({ query: '   ' }), none))).toEqual(['1', '2', '3', '4']);
  });

  it('does not match across two fields', () => {
    const s = story('x', { title: 'ab', summary: 'cd', source: 'ef' });
    expect(filterStories([s], filter({ query: 'bc' }), none)).toEqual([]);
  });

  it('keeps stories in any selected category, a blank category counting as General', () => {
    expect(ids(filterStories(stories, filter({ categories: ['General'] }), none))).toEqual(['3', '4']);
    expect(ids(filterStories(stories, filter({ categories: ['Sports', 'Science'] }), none))).toEqual(['1', '2']);
    expect(ids(filterStories(stories, filter({ categories: ['Unknown'] }), none))).toEqual([]);
  });

  it('keeps only bookmarked stories when savedOnly is set', () => {
    expect(ids(filterStories(stories, filter({ savedOnly: true }), new Set(['4', '2', 'gone'])))).toEqual(['2', '4']);
    expect(ids(filterStories(stories, filter({ savedOnly: false }), new Set(['4'])))).toHaveLength(4);
  });

  it('ANDs search, categories and saved', () => {
    const result = filterStories(
      stories,
      { query: 'r', categories: ['Science', 'General'], savedOnly: true },
      new Set(['1', '2', '4']),
    );
    expect(ids(result)).toEqual(['1', '4']);
  });

  it('sees a story whose text changed since an earlier search', () => {
    const s = story('m', { title: 'Old headline' });
    expect(filterStories([s], filter({ query: 'old' }), none)).toHaveLength(1);
    s.title = 'New headline';
    expect(filterStories([s], filter({ query: 'old' }), none)).toHaveLength(0);
    expect(filterStories([s], filter({ query: 'new' }), none)).toHaveLength(1);
  });

  it.each(['summary', 'source'] as const)('sees a story whose %s changed since an earlier search', (field) => {
    const s = story('m', { [field]: 'Old words' });
    expect(filterStories([s], filter({ query: 'old' }), none)).toHaveLength(1);
    s[field] = 'New words';
    expect(filterStories([s], filter({ query: 'old' }), none)).toHaveLength(0);
    expect(filterStories([s], filter({ query: 'new' }), none)).toHaveLength(1);
  });

  it('does not change its inputs', () => {
    const input = [...stories];
    const frozen = filter({ categories: Object.freeze(['Sports']) });
    filterStories(input, frozen, none);
    expect(input).toEqual(stories);
    expect(EMPTY_FILTER).toEqual({ query: '', categories: [], savedOnly: false });
  });
});

describe('categoriesOf', () => {
  it('lists the distinct categories alphabetically, with General for blank ones', () => {
    const stories = [
      story('1', { category: 'Technology' }),
      story('2', { category: 'business' }),
      story('3', { category: '' }),
      story('4', { category: 'Technology' }),
      story('5', { category: 'Arts' }),
    ];
    expect(categoriesOf(stories)).toEqual(['Arts', 'business', 'General', 'Technology']);
  });

  it('orders names equal but for case the same whatever the input order', () => {
    const a = [story('1', { category: 'science' }), story('2', { category: 'Science' })];
    expect(categoriesOf(a)).toEqual(categoriesOf([...a].reverse()));
  });

  it('is empty for no stories', () => {
    expect(categoriesOf([])).toEqual([]);
  });
});

// ---- Properties against a plain reference model --------------------------------------------

// 'İ' lower-cases to two characters: the prepared index must count positions in the lower-cased text.
// 'Σ' lower-cases to 'ς' at the end of a word, else 'σ': the index lower-cases the fields joined.
const text = fc.string({ unit: fc.constantFrom('a', 'b', 'A', 'B', ' ', 'é', 'É', 'x', 'İ', 'i', 'Σ', 'σ', 'ς'), maxLength: 8 });
const categoryPool = ['Science', 'Sports', 'General', 'science', '', '  ', 'Zoo', 'arts', 'Éclair'];

const storiesArb = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 15 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          title: text,
          summary: text,
          source: text,
          url: fc.constant(`https://example.com/${encodeURIComponent(id)}`),
          published_at: fc.constant(''),
          category: fc.constantFrom(...categoryPool),
        }),
      ),
    ),
  );

const scenario = storiesArb.chain((stories) =>
  fc.record({
    stories: fc.constant(stories),
    query: fc.oneof(text, stories.length > 0 ? fc.constantFrom(...stories.map((s) => ` ${s.title.toUpperCase()} `)) : text),
    categories: fc.subarray(categoryPool),
    savedOnly: fc.boolean(),
    bookmarks: fc.subarray(stories.map((s) => s.id)).map((ids) => new Set([...ids, 'not-a-story'])),
  }),
);

function modelCategory(s: { category?: string }): string {
  return s.category === undefined || s.category.trim() === '' ? 'General' : s.category;
}

function modelFilter(stories: Story[], query: string, categories: string[], savedOnly: boolean, bookmarks: Set<string>) {
  const q = query.trim().toLowerCase();
  const out: Story[] = [];
  for (const s of stories) {
    const textOk = q === '' || [s.title, s.summary, s.source].some((field) => field.toLowerCase().includes(q));
    const categoryOk = categories.length === 0 || categories.includes(modelCategory(s));
    const savedOk = !savedOnly || bookmarks.has(s.id);
    if (textOk && categoryOk && savedOk) out.push(s);
  }
  return out;
}

function isSubsequence<T>(sub: readonly T[], of: readonly T[]): boolean {
  let i = 0;
  for (const item of of) if (i < sub.length && sub[i] === item) i += 1;
  return i === sub.length;
}

// The documented order: English, case- and accent-insensitive, exact code units breaking ties.
function modelOrder(a: string, b: string): number {
  const byName = a.localeCompare(b, 'en', { sensitivity: 'base' });
  if (byName !== 0) return byName;
  return a === b ? 0 : a < b ? -1 : 1;
}

describe('filterStories properties', () => {
  it('matches the reference model and returns a subsequence of its input', () => {
    fc.assert(
      fc.property(scenario, ({ stories, query, categories, savedOnly, bookmarks }) => {
        const result = filterStories(stories, { query, categories, savedOnly }, bookmarks);
        expect(result).toEqual(modelFilter(stories, query, categories, savedOnly, bookmarks));
        expect(isSubsequence(result, stories)).toBe(true);
        // Filtering twice (cached search text) gives the same answer.
        expect(filterStories(stories, { query, categories, savedOnly }, bookmarks)).toEqual(result);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps everything for the empty filter', () => {
    fc.assert(
      fc.property(storiesArb, (stories) => {
        expect(filterStories(stories, EMPTY_FILTER, new Set())).toEqual(stories);
      }),
    );
  });
});

// A search box's calls: the query typed on, erased, replaced; filters and bookmarks changed between.
const typingSession = storiesArb.chain((stories) =>
  fc.record({
    stories: fc.constant(stories),
    steps: fc.array(
      fc.record({
        edit: fc.oneof(
          fc.record({ kind: fc.constant('type' as const), text }),
          fc.record({ kind: fc.constant('erase' as const), count: fc.integer({ min: 1, max: 4 }) }),
          fc.record({ kind: fc.constant('replace' as const), text }),
        ),
        categories: fc.oneof(fc.constant(null), fc.subarray(categoryPool)),
        savedOnly: fc.oneof(fc.constant(null), fc.boolean()),
        bookmarks: fc.oneof(fc.constant(null), fc.subarray(stories.map((s) => s.id)).map((ids) => new Set(ids))),
        newStoriesArray: fc.boolean(),
      }),
      { maxLength: 25 },
    ),
  }),
);

/** What the search box and the filters hold during a typing session. */
interface SessionState {
  query: string;
  categories: readonly string[];
  savedOnly: boolean;
  bookmarks: ReadonlySet<string>;
}
const START: SessionState = { query: '', categories: [], savedOnly: false, bookmarks: new Set<string>() };

type SessionStep = (typeof typingSession extends fc.Arbitrary<infer T> ? T : never)['steps'][number];

/** The state after one step of a typing session. */
function afterStep(state: SessionState, step: SessionStep): SessionState {
  const { edit } = step;
  const query = edit.kind === 'type' ? state.query + edit.text : edit.kind === 'erase' ? state.query.slice(0, -edit.count) : edit.text;
  return {
    query,
    categories: step.categories ?? state.categories,
    savedOnly: step.savedOnly ?? state.savedOnly,
    bookmarks: step.bookmarks ?? state.bookmarks,
  };
}

describe('createStoryFilter properties', () => {
  it('gives filterStories\'s answer at every step of a typing session, narrowing or not', () => {
    fc.assert(
      fc.property(typingSession, ({ stories, steps }) => {
        const filter = createStoryFilter();
        let current: Story[] = stories;
        let state = START;
        for (const step of steps) {
          state = afterStep(state, step);
          if (step.newStoriesArray) current = [...current];
          const { query, categories, savedOnly, bookmarks } = state;
          const result = filter(current, { query, categories, savedOnly }, bookmarks);
          expect(result).toEqual(modelFilter(current, query, [...categories], savedOnly, new Set(bookmarks)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same answers run in steps, with searches left unfinished on the way (a key overtaking them)', () => {
    const run = fc.constantFrom('call', 'steps', 'abandoned');
    fc.assert(
      fc.property(typingSession, fc.array(fc.tuple(run, fc.nat(3)), { minLength: 1, maxLength: 25 }), ({ stories, steps }, runs) => {
        const filter = createStoryFilter();
        let state = START;
        steps.forEach((step, index) => {
          state = afterStep(state, step);
          const { query, categories, savedOnly, bookmarks } = state;
          const [how, pauses] = runs[index % runs.length]!;
          const expected = modelFilter(stories, query, [...categories], savedOnly, new Set(bookmarks));
          if (how === 'call') {
            expect(filter(stories, { query, categories, savedOnly }, bookmarks)).toEqual(expected);
            return;
          }
          const search = filter.steps(stories, { query, categories, savedOnly }, bookmarks);
          if (how === 'abandoned') {
            for (let i = 0; i < pauses; i += 1) search.next();
            return;
          }
          let next = search.next();
          while (!next.done) next = search.next();
          expect(next.value).toEqual(expected);
          // Finished, it answers the same call again at once, with the same array.
          expect(filter(stories, { query, categories, savedOnly }, bookmarks)).toBe(next.value);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('gives the model\'s answers over several chunks of the prepared index, typing on or not, run in steps or not', () => {
    // The generated stories repeated to more than one chunk of FILTER_STEP, each with its own id.
    const largeSession = fc.record({
      templates: storiesArb.filter((stories) => stories.length > 0),
      length: fc.integer({ min: FILTER_STEP - 2, max: FILTER_STEP * 2 + 3 }),
      queries: fc.array(fc.oneof(text, text.map((typed) => `bx${typed}`)), { minLength: 1, maxLength: 8 }),
      categories: fc.subarray(categoryPool, { maxLength: 2 }),
      stepped: fc.boolean(),
    });
    fc.assert(
      fc.property(largeSession, ({ templates, length, queries, categories, stepped }) => {
        const stories = Array.from({ length }, (_, i) => ({ ...templates[i % templates.length]!, id: `s${i}` }));
        const filter = createStoryFilter();
        let query = '';
        for (const typed of queries) {
          // Typing on narrows from the previous matches; a query typed anew searches everything.
          query = typed.startsWith('bx') ? query + typed.slice(2) : typed;
          const expected = modelFilter(stories, query, categories, false, none);
          if (!stepped) {
            expect(filter(stories, { query, categories, savedOnly: false }, none)).toEqual(expected);
            continue;
          }
          const search = filter.steps(stories, { query, categories, savedOnly: false }, none);
          let next = search.next();
          while (!next.done) next = search.next();
          expect(next.value).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('finds a story on either side of a chunk boundary of the prepared index, and at the very end of a chunk', () => {
    const stories = Array.from({ length: FILTER_STEP * 2 }, (_, i) => story(`s${i}`, { title: 'Rail', source: 'Wire' }));
    stories[FILTER_STEP - 1] = story('last', { title: 'Rail', source: 'Harbour' });
    stories[FILTER_STEP] = story('first', { title: 'Harbour', source: 'Wire' });
    prepareSearchIndex(stories, 0);
    prepareSearchIndex(stories, 1);
    const filter = createStoryFilter();
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harb' }, none).map((s) => s.id)).toEqual(['last', 'first']);
    // Typing on: each previous match searched in its own text.
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harbour' }, none).map((s) => s.id)).toEqual(['last', 'first']);
    // Text of two stories side by side never makes a match ("wire" then "rail").
    expect(filter(stories, { ...EMPTY_FILTER, query: 'wirerail' }, none)).toEqual([]);
  });

  it('pauses after every FILTER_STEP stories searched', () => {
    const stories = Array.from({ length: FILTER_STEP * 2 + 1 }, (_, index) => story(`s${index}`, { title: index % 2 ? 'Harbour' : 'Rail' }));
    const search = createStoryFilter().steps(stories, { ...EMPTY_FILTER, query: 'harbour' }, new Set());
    expect(search.next().done).toBe(false);
    expect(search.next().done).toBe(false);
    const last = search.next();
    expect(last.done).toBe(true);
    expect(last.value).toHaveLength(FILTER_STEP);
    // No pause after the last step: exactly two steps' worth pauses once.
    const even = createStoryFilter().steps(stories.slice(0, FILTER_STEP * 2), { ...EMPTY_FILTER, query: 'harbour' }, new Set());
    expect(even.next().done).toBe(false);
    expect(even.next().done).toBe(true);
    // Called directly, the search runs all its steps.
    expect(createStoryFilter()(stories, { ...EMPTY_FILTER, query: 'harbour' }, new Set())).toEqual(last.value);
  });

  it('searches only the previous matches while the query is typed on, and answers a repeated call with the same array', () => {
    const stories = [story('a', { title: 'Harbour plan' }), story('b', { title: 'Harbour tax' }), story('c', { title: 'Rail pass' })];
    const filter = createStoryFilter();
    const harbour = filter(stories, { ...EMPTY_FILTER, query: 'harb' }, new Set());
    expect(harbour.map((s) => s.id)).toEqual(['a', 'b']);
    // Stories outside the previous matches are not looked at: a changed one stays out.
    stories[2] = { ...stories[2]!, title: 'Harbour planning' };
    const plan = filter(stories, { ...EMPTY_FILTER, query: 'harbour plan' }, new Set());
    expect(plan.map((s) => s.id)).toEqual(['a']);
    expect(filter(stories, { ...EMPTY_FILTER, query: ' Harbour Plan ' }, new Set())).toBe(plan);
    // Erasing searches everything again.
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harbour' }, new Set()).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('judges a previous match on its own text while the query is typed on, even when another story took its place in the array', () => {
    const stories = [story('a', { title: 'Harbour plan' }), story('b', { title: 'Rail pass' })];
    const filter = createStoryFilter();
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harb' }, none).map((s) => s.id)).toEqual(['a']);
    const previous = stories[0]!;
    stories[0] = story('c', { title: 'Rail plan' });
    // The previous match is searched in its own text, not in the text now at its position.
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harbour' }, none)).toEqual([previous]);
  });

  it('answers the same over a prepared index, prepared in any chunks, and sees a story replaced after it was prepared', () => {
    fc.assert(
      fc.property(storiesArb, fc.array(fc.nat(2), { maxLength: 3 }), fc.string({ maxLength: 3 }), (stories, chunks, query) => {
        for (const chunk of chunks) prepareSearchIndex(stories, chunk);
        const filter = createStoryFilter();
        expect(filter(stories, { ...EMPTY_FILTER, query }, new Set())).toEqual(filterStories(stories, { ...EMPTY_FILTER, query }, new Set()));
      }),
      { numRuns: 300 },
    );
    const stories = [story('a', { title: 'Harbour plan' }), story('b', { title: 'Rail pass' })];
    prepareSearchIndex(stories, 0);
    stories[1] = { ...stories[1]!, title: 'Harbour tax' };
    expect(createStoryFilter()(stories, { ...EMPTY_FILTER, query: 'harbour' }, new Set()).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('matches a query holding the field separator only within one field', () => {
    const stories = [story('a', { title: 'x', summary: 'y' }), story('b', { title: 'x\u0000y' })];
    expect(filterStories(stories, { ...EMPTY_FILTER, query: 'X\u0000Y' }, new Set()).map((s) => s.id)).toEqual(['b']);
    // The search box's filter too, whose prepared index joins the fields with that separator.
    expect(createStoryFilter()(stories, { ...EMPTY_FILTER, query: 'X\u0000Y' }, new Set()).map((s) => s.id)).toEqual(['b']);
  });

  it('matches a query holding the field separator in the summary or the source too, whatever their case', () => {
    const stories = [
      story('a', { summary: 'Q\u0000Z' }),
      story('b', { source: 'Q\u0000Z' }),
      story('c', { title: 'q', summary: 'z' }),
    ];
    expect(filterStories(stories, { ...EMPTY_FILTER, query: 'q\u0000z' }, new Set()).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('searches everything again when the categories change while the query is typed on, even to as many others', () => {
    const stories = [story('w', { title: 'Harbour plan', category: 'World' }), story('s', { title: 'Harbour plan', category: 'Science' })];
    const filter = createStoryFilter();
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harb', categories: ['World'] }, none).map((s) => s.id)).toEqual(['w']);
    expect(filter(stories, { ...EMPTY_FILTER, query: 'harbour', categories: ['Science'] }, none).map((s) => s.id)).toEqual(['s']);
  });

  it('searches every story again when another set of bookmarks arrives while the query is typed on under "saved only"', () => {
    const stories = [story('a', { title: 'Harbour plan' }), story('b', { title: 'Harbour planning' })];
    const filter = createStoryFilter();
    const saved = { ...EMPTY_FILTER, savedOnly: true };
    expect(filter(stories, { ...saved, query: 'harb' }, new Set(['a'])).map((s) => s.id)).toEqual(['a']);
    expect(filter(stories, { ...saved, query: 'harbour' }, new Set(['a', 'b'])).map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('searches the new stories when a new list arrives while the query is typed on', () => {
    const filter = createStoryFilter();
    expect(filter([story('a', { title: 'Harbour plan' })], { ...EMPTY_FILTER, query: 'harb' }, none).map((s) => s.id)).toEqual(['a']);
    const fresh = [story('a', { title: 'Harbour plan' }), story('b', { title: 'Harbour planning' })];
    expect(filter(fresh, { ...EMPTY_FILTER, query: 'harbour' }, none).map((s) => s.id)).toEqual(['a', 'b']);
  });
});

describe('categoriesOf properties', () => {
  it('is the distinct categories, sorted, with General iff a story has none', () => {
    fc.assert(
      fc.property(storiesArb, (stories) => {
        const result = categoriesOf(stories);
        const expected = [...new Set(stories.map(modelCategory))];
        expect([...result].sort()).toEqual(expected.sort());
        expect(new Set(result).size).toBe(result.length);
        for (let i = 1; i < result.length; i += 1) {
          expect(modelOrder(result[i - 1] ?? '', result[i] ?? '')).toBeLessThan(0);
        }
        const someBlank = stories.some((s) => s.category.trim() === '' || s.category === 'General');
        expect(result.includes('General')).toBe(someBlank);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the stories', () => {
    fc.assert(
      fc.property(
        storiesArb.chain((stories) => fc.tuple(fc.constant(stories), fc.shuffledSubarray(stories, { minLength: stories.length }))),
        ([stories, shuffled]) => {
          expect(categoriesOf(shuffled)).toEqual(categoriesOf(stories));
        },
      ),
    );
  });
});
