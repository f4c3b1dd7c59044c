/**
 * The front page as the visitor shaped it (docs/product.md#hide-an-outlet, #read), as properties
 * over any stories, outlets hidden, marks and filters: hiding never shows a story of a hidden
 * outlet; Saved and Following are never reduced by hiding or "Hide read"; both compose with search
 * and categories in any order; the list counts what it shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryOf, filterStories, NO_MARKS, onFrontPage, type StoryFilter, type VisitorMarks } from '../../src/domain/filter.ts';
import { pageList, type PageSources } from '../../src/domain/page-list.ts';
import type { Story } from '../../src/domain/story.ts';

const SOURCES = ['Daily Wire', 'Gazette', 'Ledger', 'Harbour Times'];
const CATEGORIES = ['World', 'Science', 'Sports'];

const storyArb = fc
  .record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), source: fc.constantFrom(...SOURCES), category: fc.constantFrom(...CATEGORIES), word: fc.constantFrom('mars', 'bridge', 'vote') })
  .map(({ id, source, category, word }): Story => ({ id, title: `${word} ${id}`, summary: '', source, url: `https://news.example.org/${id}`, published_at: '2026-11-21T09:00:00.000Z', category }));
const stories = fc.array(storyArb, { maxLength: 12 });
const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'z'));
const marksArb = fc.record({ hidden: fc.uniqueArray(fc.constantFrom(...SOURCES)), read: ids }).map(({ hidden, read }): VisitorMarks => ({ hiddenSources: new Set(hidden), read: new Set(read) }));
const filterArb = fc.record({
  query: fc.constantFrom('', 'mars', 'BRIDGE ', 'gazette', 'nothing'),
  categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES)),
  savedOnly: fc.boolean(),
  unreadOnly: fc.boolean(),
});
const sourcesArb = fc.record({ firstPage: stories, older: stories, savedIds: ids, savedCopies: stories, archive: stories, followed: stories, marks: marksArb });

/** What a visitor expects of the home list, written from the product's words rather than the code. */
const expectedOnFrontPage = (story: Story, marks: VisitorMarks, unreadOnly: boolean) => !marks.hiddenSources.has(story.source) && !(unreadOnly && marks.read.has(story.id));

describe('the front page with outlets hidden and stories read', () => {
  it('never shows a story of a hidden outlet in the home list, search, categories or the last 30 days', () => {
    fc.assert(
      fc.property(sourcesArb, filterArb, (sources: PageSources, filter: StoryFilter) => {
        const list = pageList(sources, { ...filter, savedOnly: false });
        for (const shown of [...list.matches, ...list.archive]) expect(sources.marks.hiddenSources.has(shown.source)).toBe(false);
        // With "Hide read", no read story either.
        if (filter.unreadOnly) for (const shown of [...list.matches, ...list.archive]) expect(sources.marks.read.has(shown.id)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('never reduces Saved or Following', () => {
    fc.assert(
      fc.property(sourcesArb, filterArb, (sources: PageSources, filter: StoryFilter) => {
        const marked = pageList(sources, { ...filter, savedOnly: true });
        const unmarked = pageList({ ...sources, marks: NO_MARKS }, { ...filter, savedOnly: true, unreadOnly: false });
        expect(marked.matches).toEqual(unmarked.matches);
        expect(pageList(sources, filter).following).toEqual(pageList({ ...sources, marks: NO_MARKS }, filter).following);
        expect(marked.everyMatchHidden).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('composes with search and categories in any order, and counts only what it shows', () => {
    fc.assert(
      fc.property(stories, marksArb, filterArb, ids, (loaded, marks, filter, saved) => {
        const home = { ...filter, savedOnly: false };
        const bookmarks = new Set(saved);
        const marksFirst = filterStories(onFrontPage(loaded, marks, home.unreadOnly), home, bookmarks);
        const searchFirst = onFrontPage(filterStories(loaded, home, bookmarks), marks, home.unreadOnly);
        expect(marksFirst).toEqual(searchFirst);
        // Hiding and "Hide read" in either order.
        const hiddenFirst = onFrontPage(onFrontPage(loaded, { ...marks, read: new Set() }, false), { hiddenSources: new Set(), read: marks.read }, home.unreadOnly);
        expect(onFrontPage(loaded, marks, home.unreadOnly)).toEqual(hiddenFirst);
        // The model: a story shows when it matches the search and a chosen category, is from no hidden outlet, and is not read under "Hide read".
        const query = home.query.trim().toLowerCase();
        const model = loaded.filter(
          (story) =>
            (query === '' || [story.title, story.summary, story.source].some((field) => field.toLowerCase().includes(query))) &&
            (home.categories.length === 0 || home.categories.includes(categoryOf(story))) &&
            expectedOnFrontPage(story, marks, home.unreadOnly),
        );
        expect(marksFirst).toEqual(model);
      }),
      { numRuns: 500 },
    );
  });

  it('says every story is from a hidden outlet exactly when hiding alone empties the list', () => {
    fc.assert(
      fc.property(stories, marksArb, filterArb, (firstPage, marks, filter) => {
        const sources: PageSources = { firstPage, older: [], savedIds: [], savedCopies: [], archive: [], followed: [], marks };
        const list = pageList(sources, { ...filter, savedOnly: false });
        const withoutHiding = pageList({ ...sources, marks: { ...marks, hiddenSources: new Set() } }, { ...filter, savedOnly: false, categories: list.selected });
        expect(list.everyMatchHidden).toBe(list.matches.length === 0 && withoutHiding.matches.length > 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a group led by a hidden outlet', () => {
  it('leaves the home list whole, though other outlets reported it; a group another outlet leads stays, with the hidden outlet among its sources', () => {
    const led: Story = { id: 'g1', title: 'Bridge reopens', summary: '', source: 'Daily Wire', url: 'https://wire.example.org/g1', published_at: '2026-11-21T09:00:00.000Z', category: 'World', related: [{ source: 'Gazette', url: 'https://gazette.example.org/g1' }] };
    const other: Story = { ...led, id: 'g2', source: 'Gazette', url: 'https://gazette.example.org/g2', related: [{ source: 'Daily Wire', url: 'https://wire.example.org/g2' }] };
    const marks: VisitorMarks = { hiddenSources: new Set(['Daily Wire']), read: new Set() };
    expect(onFrontPage([led, other], marks, false)).toEqual([other]);
  });
});
