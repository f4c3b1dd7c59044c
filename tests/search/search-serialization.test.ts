import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../src/search/search-serialization.ts';
import { validateHomeSearch } from '../../src/domain/search-params.ts';

describe('URL search strings', () => {
  it('writes the plain form the product page names, repeated keys for categories', () => {
    expect(stringifySearch({ q: 'text', category: ['Science', 'Sports'], saved: true })).toBe('?q=text&category=Science&category=Sports&saved=1');
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ q: 'mars rover', archive: true })).toBe('?q=mars+rover&archive=1');
    expect(validateHomeSearch(parseSearch('?q=mars+rover&archive=1'))).toEqual({ q: 'mars rover', archive: true });
    expect(stringifySearch({ q: undefined, category: [], saved: false })).toBe('');
  });

  it('reads repeated keys as arrays and single keys as strings', () => {
    expect(parseSearch('?q=a+b&category=Science&category=Sports&saved=1')).toEqual({ q: 'a b', category: ['Science', 'Sports'], saved: '1' });
    expect(parseSearch('?category=World')).toEqual({ category: 'World' });
    expect(parseSearch('')).toEqual({});
  });

  it('round-trips any valid home search through the URL', () => {
    const search = fc.record(
      { q: fc.string({ minLength: 1 }), category: fc.uniqueArray(fc.string().filter((s) => s.trim() !== ''), { minLength: 1, maxLength: 4 }), saved: fc.constant(true), archive: fc.constant(true) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(search, (value) => {
        const valid = validateHomeSearch(value);
        expect(validateHomeSearch(parseSearch(stringifySearch(valid)))).toEqual(valid);
      }),
    );
  });
});
