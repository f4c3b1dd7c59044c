import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateHomeSearch } from '../../src/domain/search-params.ts';

describe('validateHomeSearch', () => {
  it('reads the full URL state', () => {
    expect(validateHomeSearch({ q: 'mars', category: ['Science', 'Sports'], saved: 1 })).toEqual({
      q: 'mars',
      category: ['Science', 'Sports'],
      saved: true,
    });
  });

  it('leaves out every key at its default', () => {
    expect(validateHomeSearch({})).toEqual({});
    expect(validateHomeSearch({ q: '', category: [], saved: false })).toEqual({});
    expect(Object.keys(validateHomeSearch({ q: '', category: [''], saved: 0 }))).toEqual([]);
  });

  it.each([
    ['text', 'mars', 'mars'],
    ['text with spaces, kept as typed', ' mars ', ' mars '],
    ['a number', 2024, '2024'],
    ['a decimal', 1.5, '1.5'],
    ['a boolean', true, 'true'],
  ])('keeps q given as %s', (_label, q, expected) => {
    expect(validateHomeSearch({ q }).q).toBe(expected);
  });

  it.each([null, undefined, '', ['a'], { a: 1 }, Number.NaN, Number.POSITIVE_INFINITY])('drops q = %j', (q) => {
    expect(validateHomeSearch({ q })).not.toHaveProperty('q');
  });

  it.each([
    ['a single string', 'Science', ['Science']],
    ['an array', ['Science', 'Sports'], ['Science', 'Sports']],
    ['an array with duplicates', ['Sports', 'Science', 'Sports'], ['Sports', 'Science']],
    ['an array with junk', ['Science', null, '', '  ', 3, { a: 1 }, ['x'], false], ['Science', '3', 'false']],
    ['a number', 2024, ['2024']],
  ])('reads category given as %s', (_label, category, expected) => {
    expect(validateHomeSearch({ category }).category).toEqual(expected);
  });

  it.each([null, '', '  ', [], [null], { Science: true }])('drops category = %j', (category) => {
    expect(validateHomeSearch({ category })).not.toHaveProperty('category');
  });

  it.each([1, '1', true, 'true'])('reads saved = %j as true', (saved) => {
    expect(validateHomeSearch({ saved })).toEqual({ saved: true });
  });

  it.each([1, '1', true, 'true'])('reads following = %j as true (docs/product.md#following-a-story)', (following) => {
    expect(validateHomeSearch({ following })).toEqual({ following: true });
  });

  it.each([0, 'no', null])('drops following = %j', (following) => {
    expect(validateHomeSearch({ following })).toEqual({});
  });

  it.each([1, '1', true, 'true'])('reads unread = %j as true: "Hide read" pressed (docs/product.md#read)', (unread) => {
    expect(validateHomeSearch({ unread })).toEqual({ unread: true });
  });

  it.each([0, 'no', null, ''])('drops unread = %j', (unread) => {
    expect(validateHomeSearch({ unread })).toEqual({});
  });

  it.each([1, '1', true, 'true'])('reads archive = %j with a query as true (docs/product.md#the-last-30-days)', (archive) => {
    expect(validateHomeSearch({ q: 'mars', archive })).toEqual({ q: 'mars', archive: true });
  });

  it.each([0, '0', false, 'false', 'yes', null])('drops archive = %j', (archive) => {
    expect(validateHomeSearch({ q: 'mars', archive })).toEqual({ q: 'mars' });
  });

  it('drops archive=1 without a query to search: nothing to show', () => {
    expect(validateHomeSearch({ archive: '1' })).toEqual({});
    expect(validateHomeSearch({ q: '   ', archive: '1' })).toEqual({ q: '   ' });
  });

  it.each([0, '0', false, 'false', 'yes', 2, null, [1], {}])('drops saved = %j', (saved) => {
    expect(validateHomeSearch({ saved })).toEqual({});
  });

  it('ignores other keys and inherited ones', () => {
    const raw = Object.create({ q: 'inherited' }) as Record<string, unknown>;
    raw.page = 2;
    expect(validateHomeSearch(raw)).toEqual({});
  });

  it('copes with something that is not an object at all', () => {
    expect(validateHomeSearch(null as unknown as Record<string, unknown>)).toEqual({});
    expect(validateHomeSearch('q=x' as unknown as Record<string, unknown>)).toEqual({});
  });
});

// ---- Properties -------------------------------------------------------------------------------

const rawSearch = fc.oneof(
  fc.dictionary(fc.string(), fc.jsonValue()),
  fc.record(
    {
      q: fc.oneof(fc.string(), fc.jsonValue()),
      category: fc.oneof(fc.string(), fc.array(fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 }))), fc.jsonValue()),
      saved: fc.oneof(fc.constantFrom(1, '1', true, 'true', 0, false, 'false'), fc.jsonValue()),
      archive: fc.oneof(fc.constantFrom(1, '1', true, 'true', 0, false, 'false'), fc.jsonValue()),
      other: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);

describe('validateHomeSearch properties', () => {
  it('never throws and gives only well-formed, non-default keys', () => {
    fc.assert(
      fc.property(rawSearch, (raw) => {
        const search = validateHomeSearch(raw);
        for (const key of Object.keys(search)) expect(['q', 'category', 'saved', 'archive']).toContain(key);
        if ('archive' in search) expect(search.archive === true && search.q !== undefined && search.q.trim() !== '').toBe(true);
        if ('q' in search) expect(search.q).toEqual(expect.any(String));
        if ('q' in search) expect(search.q).not.toBe('');
        if ('category' in search) {
          const category = search.category ?? [];
          expect(category.length).toBeGreaterThan(0);
          expect(new Set(category).size).toBe(category.length);
          for (const c of category) expect(typeof c === 'string' && c.trim() !== '').toBe(true);
        }
        if ('saved' in search) expect(search.saved).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        validateHomeSearch(raw as Record<string, unknown>);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(rawSearch, (raw) => {
        const once = validateHomeSearch(raw);
        expect(validateHomeSearch({ ...once })).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the categories of a category array that are non-blank strings, first occurrence first', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('A', 'B', 'C', '', ' '), fc.integer())), (category) => {
        const expected: string[] = [];
        for (const c of category) {
          const textValue = typeof c === 'number' ? String(c) : c;
          if (textValue.trim() !== '' && !expected.includes(textValue)) expected.push(textValue);
        }
        const result = validateHomeSearch({ category }).category ?? [];
        expect(result).toEqual(expected);
      }),
    );
  });
});
