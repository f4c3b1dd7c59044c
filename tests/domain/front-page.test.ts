/**
 * A front page of one's own (docs/product.md#hide-an-outlet, #read, #your-reading-in-another-browser):
 * the stored values read (`newsHiddenSources`, `newsRead`, section 4's rules), and a file of
 * "Your reading" read as they are, or refused.
 */
import { describe, expect, it } from 'vitest';
import { mergeFollows, type Follow } from '../../src/domain/follows.ts';
import { hiddenSourcesFrom, mergeHiddenSources, parseHiddenSources, serializeHiddenSources, withHidden, withoutHidden } from '../../src/domain/hidden-sources.ts';
import { mergeReadMarks, parseReadMarks, serializeReadMarks, withoutRead, withRead } from '../../src/domain/read-marks.ts';
import { readingFileText, readingFromFile, type Reading } from '../../src/domain/reading-file.ts';
import { mergeSavedLists } from '../../src/domain/saved-stories.ts';
import type { Story } from '../../src/domain/story.ts';

const story = (id: string, title = `Story ${id}`): Story => ({ id, title, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-21T09:00:00.000Z', category: 'World' });
const follow = (id: string): Follow => ({ id, followed_at: '2026-11-21T09:30:00.000Z', seen: 1 });

describe('newsHiddenSources, read', () => {
  it.each([
    [null, []],
    ['["Daily Wire","Gazette"]', ['Daily Wire', 'Gazette']],
    // Names as stories carry them: trimmed; each once; blank and non-string entries are none.
    ['[" Daily Wire ","Daily Wire","",  "  ", 3, null, {"name":"x"}]', ['Daily Wire']],
    ['{"Daily Wire":true}', []],
    ['"Daily Wire"', []],
    ['{not json', []],
  ])('%j reads as %j', (stored, sources) => {
    expect(parseHiddenSources(stored)).toEqual(sources);
  });

  it('keeps at most 100 outlets, the first stored', () => {
    const stored = JSON.stringify(Array.from({ length: 120 }, (_, i) => `Outlet ${i}`));
    const sources = parseHiddenSources(stored);
    expect(sources).toHaveLength(100);
    expect(sources.at(-1)).toBe('Outlet 99');
    expect(JSON.parse(serializeHiddenSources([...sources, 'Outlet 100']))).toHaveLength(100);
  });

  it('hides an outlet first, refuses a 101st, shows one again', () => {
    expect(withHidden(['Gazette'], 'Wire')).toEqual(['Wire', 'Gazette']);
    expect(withHidden(['Gazette'], 'Gazette')).toEqual(['Gazette']);
    expect(withHidden(Array.from({ length: 100 }, (_, i) => `Outlet ${i}`), 'Wire')).toBeNull();
    expect(withoutHidden(['Wire', 'Gazette'], 'Wire')).toEqual(['Gazette']);
  });

  it('joins imported outlets after those hidden here, each once, at most 100', () => {
    expect(mergeHiddenSources(['Wire'], ['Gazette', 'Wire', 'Ledger'])).toEqual(['Wire', 'Gazette', 'Ledger']);
    const ninetyNine = Array.from({ length: 99 }, (_, i) => `Outlet ${i}`);
    expect(mergeHiddenSources(ninetyNine, ['Gazette', 'Ledger'])).toEqual([...ninetyNine, 'Gazette']);
    expect(hiddenSourcesFrom('Wire')).toEqual([]);
  });
});

describe('newsRead, read', () => {
  it.each([
    [null, []],
    ['["b","a"]', ['b', 'a']],
    ['["b","a","b","",7,null]', ['b', 'a']],
    ['{"b":1}', []],
    ['', []],
  ])('%j reads as %j', (stored, ids) => {
    expect(parseReadMarks(stored)).toEqual(ids);
  });

  it('keeps the 1,000 most recent marks', () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => `s${i}`);
    expect(parseReadMarks(JSON.stringify([...thousand, 'older']))).toEqual(thousand);
    const marked = withRead(thousand, 'new');
    expect(marked).toHaveLength(1000);
    expect(marked[0]).toBe('new');
    expect(marked).not.toContain('s999');
    // Read again: most recent again, not twice.
    expect(withRead(['a', 'b'], 'b')).toEqual(['b', 'a']);
    expect(withoutRead(['a', 'b'], 'a')).toEqual(['b']);
    expect(JSON.parse(serializeReadMarks([...thousand, 'x']))).toHaveLength(1000);
    expect(mergeReadMarks(['a'], ['b', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    expect(mergeReadMarks(thousand, ['x'])).toEqual(thousand);
  });
});

describe('imported bookmarks and follows', () => {
  it('keep every bookmark here in its place and its copy; a new bookmark brings its copy', () => {
    const here = { ids: ['a', 'b'], stories: [story('b'), story('a')] };
    const merged = mergeSavedLists(here, { ids: ['c', 'a', 'e'], stories: [story('c', 'C there'), story('a', 'A there')] });
    expect(merged.ids).toEqual(['a', 'b', 'c', 'e']);
    expect(merged.stories).toEqual([story('c', 'C there'), story('b'), story('a')]);
    // A bookmark here with no copy takes the file's.
    expect(mergeSavedLists({ ids: ['a'], stories: [] }, { ids: ['a'], stories: [story('a', 'A there')] }).stories).toEqual([story('a', 'A there')]);
  });

  it('keep every follow here; the new ones after, at most 50', () => {
    expect(mergeFollows([follow('a')], [follow('b'), { ...follow('a'), seen: 9 }]).map((one) => [one.id, one.seen])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    const fifty = Array.from({ length: 50 }, (_, i) => follow(`f${i}`));
    expect(mergeFollows(fifty, [follow('x')])).toEqual(fifty);
  });
});

const EXPORTED_AT = '2026-11-21T08:00:00.000Z';
const reading: Reading = {
  bookmarks: { ids: ['a', 'b'], stories: [story('b'), story('a')] },
  follows: [{ id: 'f', followed_at: '2026-11-20T10:00:00.000Z', seen: 2, reports: 3, story: story('f') }],
  hiddenSources: ['Daily Wire'],
  read: ['r2', 'r1'],
  alerts: [{ words: 'harbour strike', created_at: '2026-11-20T07:00:00.000Z' }],
};
const file = (fields: Record<string, unknown>) => JSON.stringify({ format: 'newsroom-reading', version: 1, exported_at: EXPORTED_AT, ...fields });

describe('a file of "Your reading"', () => {
  it('is written with the format, the version, the time and every section, and read back the same', () => {
    const text = readingFileText(reading, EXPORTED_AT);
    expect(JSON.parse(text)).toEqual({
      format: 'newsroom-reading',
      version: 1,
      exported_at: EXPORTED_AT,
      bookmarks: ['a', 'b'],
      saved_stories: [story('b'), story('a')],
      follows: reading.follows,
      hidden_sources: ['Daily Wire'],
      read: ['r2', 'r1'],
      alerts: [{ words: 'harbour strike', created_at: '2026-11-20T07:00:00.000Z' }],
    });
    expect(readingFromFile(text)).toEqual(reading);
  });

  it.each([
    ['not JSON', '{"format": "newsroom-reading", '],
    ['empty', ''],
    ['a list', '[]'],
    ['another format', file({ format: 'opml' })],
    ['another version', file({ version: 2 })],
    ['the version as text', file({ version: '1' })],
    ['no time of export', JSON.stringify({ format: 'newsroom-reading', version: 1, bookmarks: [] })],
    ['a time that is not ISO', file({ exported_at: 'yesterday' })],
    ['bookmarks that are not a list', file({ bookmarks: 'a,b' })],
    ['follows that are not a list', file({ follows: { id: 'f' } })],
    ['hidden outlets that are not a list', file({ hidden_sources: 'Daily Wire' })],
    ['read marks that are not a list', file({ read: 3 })],
    ['alerts that are not a list', file({ alerts: { words: 'mars' } })],
    ['saved copies that are not a list', file({ saved_stories: {} })],
  ])('is refused when %s', (_name, text) => {
    expect(readingFromFile(text)).toBeNull();
  });

  it('reads each section as its stored key is read: a junk entry dropped, a repeated one kept once, a section left out empty', () => {
    const text = file({
      bookmarks: ['a', '', 3, 'a', 'c'],
      // A copy of a story not bookmarked, and an invalid one, are dropped.
      saved_stories: [story('c'), story('z'), { id: 'a', title: 'No url' }],
      follows: [{ id: 'f', followed_at: EXPORTED_AT, seen: 1 }, { id: 'g' }, 'h'],
      hidden_sources: [' Gazette ', 'Gazette', ''],
      // Not an alert (six words), an alert, its words again in capitals, an alert with no time.
      alerts: [{ words: 'one two three four five six', created_at: EXPORTED_AT }, { words: 'harbour strike', created_at: EXPORTED_AT }, { words: 'Harbour Strike', created_at: EXPORTED_AT }, { words: 'storm' }],
    });
    expect(readingFromFile(text)).toEqual({
      bookmarks: { ids: ['a', 'c'], stories: [story('c')] },
      follows: [{ id: 'f', followed_at: EXPORTED_AT, seen: 1 }],
      hiddenSources: ['Gazette'],
      read: [],
      alerts: [{ words: 'harbour strike', created_at: EXPORTED_AT }],
    });
  });
});
