import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTER,
  categoriesOf,
  categoryOf,
  filterStories,
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
      { query: 'r', categories: ['Science', 'General'], savedOnly: true, unreadOnly: false },
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
    expect(EMPTY_FILTER).toEqual({ query: '', categories: [], savedOnly: false, unreadOnly: false });
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
        const result = filterStories(stories, { query, categories, savedOnly, unreadOnly: false }, bookmarks);
        expect(result).toEqual(modelFilter(stories, query, categories, savedOnly, bookmarks));
        expect(isSubsequence(result, stories)).toBe(true);
        // Filtering twice (cached search text) gives the same answer.
        expect(filterStories(stories, { query, categories, savedOnly, unreadOnly: false }, bookmarks)).toEqual(result);
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
