/**
 * What the home page lists (src/domain/page-list.ts), made once from what its machines hold:
 * each story once, where it belongs, with the filter's categories that the stories have.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_MARKS } from '../../src/domain/filter.ts';
import { pageList, type PageSources } from '../../src/domain/page-list.ts';
import { leadImageStory, type Story } from '../../src/domain/story.ts';

const story = (id: string, category = 'World', title = `Story ${id}`): Story => ({ id, title, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-21T09:00:00.000Z', category });
const NOTHING: PageSources = { firstPage: [], older: [], savedIds: [], savedCopies: [], archive: [], followed: [], marks: NO_MARKS };
const ALL = { query: '', categories: [], savedOnly: false, unreadOnly: false };
const ids = (stories: readonly Story[]) => stories.map((one) => one.id);

describe("the page's list", () => {
  it('lists the first page, then the older stories it does not hold, each once', () => {
    const list = pageList({ ...NOTHING, firstPage: [story('a'), story('b')], older: [story('b'), story('c'), story('c'), story('d')] }, ALL);
    expect(ids(list.loaded)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(list.matches)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shows the last 30 days\' matches that the story area does not show already', () => {
    const list = pageList({ ...NOTHING, firstPage: [story('a', 'World', 'Mars rover'), story('b')], archive: [story('a'), story('x'), story('b'), story('x')] }, { ...ALL, query: 'mars' });
    expect(ids(list.matches)).toEqual(['a']);
    // b is on the page but not among the matches: the last 30 days show it.
    expect(ids(list.archive)).toEqual(['x', 'b']);
  });

  it('keeps the categories the stories have, in the order asked; the others are ignored', () => {
    const list = pageList({ ...NOTHING, firstPage: [story('a', 'Science'), story('b', 'Sports'), story('c', 'World')] }, { ...ALL, categories: ['Sports', 'Cooking', 'Science', 'Sports'] });
    expect(list.categories).toEqual(['Science', 'Sports', 'World']);
    expect(list.selected).toEqual(['Sports', 'Science']);
    expect(ids(list.matches)).toEqual(['a', 'b']);
    // With no stories yet, every category asked for is ignored.
    expect(pageList(NOTHING, { ...ALL, categories: ['Science'] }).selected).toEqual([]);
  });

  it('shows Saved in the order saved, from the page or the kept copy; the saved copies\' categories count', () => {
    const list = pageList({ ...NOTHING, firstPage: [story('a'), story('b')], savedIds: ['s', 'a'], savedCopies: [story('s', 'Culture'), story('a')] }, { ...ALL, savedOnly: true });
    expect(ids(list.matches)).toEqual(['s', 'a']);
    expect(list.categories).toEqual(['Culture', 'World']);
  });

  it('lets the reading keys reach every story listed anywhere, each once', () => {
    const list = pageList({ firstPage: [story('a')], older: [story('b')], savedIds: ['s'], savedCopies: [story('s')], archive: [story('x'), story('a')], followed: [story('f'), story('a')], marks: NO_MARKS }, { ...ALL, query: 'Story x' });
    expect(ids(list.reachable)).toEqual(['a', 'b', 's', 'x', 'f']);
  });

  it('property: every match is listed once, every loaded story at most once, and the archive shows none of the matches', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const stories = fc.array(fc.tuple(id, fc.constantFrom('World', 'Science')).map(([one, category]) => story(one, category)), { maxLength: 8 });
    fc.assert(
      fc.property(stories, stories, stories, fc.subarray(['World', 'Science', 'Cooking']), (firstPage, older, archive, categories) => {
        const list = pageList({ ...NOTHING, firstPage, older, archive }, { ...ALL, categories });
        expect(new Set(ids(list.loaded)).size).toBe(list.loaded.length);
        expect(new Set(ids(list.matches)).size).toBe(list.matches.length);
        expect(ids(list.archive).filter((one) => ids(list.matches).includes(one))).toEqual([]);
        // A first-page story is listed before any older one.
        const firstIds = new Set(ids(firstPage));
        expect(ids(list.loaded).slice(0, firstIds.size)).toEqual([...firstIds]);
      }),
    );
  });
});

describe("the first screen's lead image (leadImageStory)", () => {
  const withImage = (id: string, image: string): Story => ({ ...story(id), image });

  it('is the first of the three Top Stories with an http(s) image', () => {
    expect(leadImageStory([story('a'), withImage('b', 'https://img.example.org/b.png'), withImage('c', 'http://img.example.org/c.png')])?.id).toBe('b');
  });

  it('is none when only a story after the first three has an image, or when the images are not http(s)', () => {
    expect(leadImageStory([story('a'), story('b'), story('c'), withImage('d', 'https://img.example.org/d.png')])).toBeUndefined();
    expect(leadImageStory([withImage('a', 'data:image/png;base64,AAAA'), withImage('b', 'javascript:alert(1)')])).toBeUndefined();
    expect(leadImageStory([])).toBeUndefined();
  });
});
