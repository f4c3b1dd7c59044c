/**
 * Stored values as the machines receive them (docs/product.md#stored-in-the-browser): the
 * bookmarks (`newsBookmarks`) and the theme (`theme`), read in the domain before they reach
 * machines/bookmarks.ts and machines/theme.ts, as the page opens and from another tab.
 */
import { describe, expect, it } from 'vitest';
import { parseStoredBookmarks } from '../../src/domain/saved-stories.ts';
import { parseStoredTheme } from '../../src/domain/theme.ts';

describe('newsBookmarks, read', () => {
  it.each([
    [null, []],
    ['["a","b"]', ['a', 'b']],
    // Each id once, the first place kept; empty ids are no bookmarks.
    ['["a","b","a",""]', ['a', 'b']],
    ['[1, null, "c", {"id":"d"}]', ['c']],
    ['[]', []],
    ['{"a":1}', []],
    ['"a"', []],
    ['{not json', []],
    ['', []],
  ])('%j reads as %j', (stored, ids) => {
    expect(parseStoredBookmarks(stored)).toEqual(ids);
  });
});

describe('theme, read', () => {
  it.each([
    ['dark', 'dark'],
    ['light', 'light'],
    // Anything else is no choice: the system's preference applies.
    [null, null],
    ['', null],
    ['Dark', null],
    ['"dark"', null],
    ['sepia', null],
    [undefined, null],
    [1, null],
  ])('%j reads as %j', (stored, theme) => {
    expect(parseStoredTheme(stored)).toBe(theme);
  });
});
