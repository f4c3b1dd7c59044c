/**
 * Saved stories that last (docs/product.md#saved-stories-last, #stored-in-the-browser): what a
 * stored `newsSavedStories` value reads as, what is written, and the Saved view's list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSavedStories, saveSavedLists, savedView, serializeSavedStories } from '../../src/domain/saved-stories.ts';
import type { Story } from '../../src/domain/story.ts';

const story = (id: string, title = `Story ${id}`): Story => ({ id, title, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-20T09:00:00.000Z', category: 'World' });
const many = (count: number) => Array.from({ length: count }, (_, i) => story(`s${i}`));

describe('reading newsSavedStories', () => {
  it('reads back what the page stored, in order', () => {
    const stories = [story('b'), { ...story('a'), image: 'https://img.example.org/a.jpg', related: [{ source: 'Herald', url: 'https://herald.example/a' }] }];
    expect(parseSavedStories(serializeSavedStories(stories))).toEqual(stories);
  });

  it.each([
    ['absent', null],
    ['not JSON', '[{"id":"a",'],
    ['not an array', '{"id":"a"}'],
    ['the old format: a list of ids', '["a","b"]'],
    ['the kept-feed format', JSON.stringify({ saved_at: '2026-11-20T09:00:00.000Z', stories: [story('a')] })],
    ['a string', '"a"'],
  ])('reads %s as no copies', (_case, value) => {
    expect(parseSavedStories(value)).toEqual([]);
  });

  it('drops the items a feed answer would drop, and keeps the rest', () => {
    const value = JSON.stringify([story('a'), { id: 'x', url: 'https://news.example.org/x' }, { ...story('y'), url: 'javascript:alert(1)' }, 7, story('a', 'Again'), story('c')]);
    expect(parseSavedStories(value)).toEqual([story('a'), story('c')]);
  });

  it('keeps the first 500 of a longer list, and stores at most 500', () => {
    expect(parseSavedStories(JSON.stringify(many(501)))).toEqual(many(500));
    expect(JSON.parse(serializeSavedStories(many(600)))).toHaveLength(500);
  });
});

/** A storage of two keys that can refuse either write. */
function fakeStorage(refuse: { ids?: boolean; stories?: boolean } = {}) {
  const values = new Map<string, string>();
  const quota = () => new DOMException('Quota exceeded', 'QuotaExceededError');
  return {
    values,
    writes: [] as string[],
    writeIds(value: string) {
      this.writes.push('newsBookmarks');
      if (refuse.ids) throw quota();
      values.set('newsBookmarks', value);
    },
    writeStories(value: string) {
      this.writes.push('newsSavedStories');
      if (refuse.stories) throw quota();
      values.set('newsSavedStories', value);
    },
  };
}

describe('saving the bookmarks and their copies', () => {
  it('writes the ids, then the copies', () => {
    const store = fakeStorage();
    saveSavedLists(store, ['a', 'b'], [story('b'), story('a')]);
    expect(store.writes).toEqual(['newsBookmarks', 'newsSavedStories']);
    expect(JSON.parse(store.values.get('newsBookmarks')!)).toEqual(['a', 'b']);
    expect(parseSavedStories(store.values.get('newsSavedStories')!)).toEqual([story('b'), story('a')]);
  });

  it('saves the ids when the copies are over quota, and does not throw: the bookmark holds', () => {
    const store = fakeStorage({ stories: true });
    expect(() => saveSavedLists(store, ['a'], [story('a')])).not.toThrow();
    expect(JSON.parse(store.values.get('newsBookmarks')!)).toEqual(['a']);
    expect(store.values.has('newsSavedStories')).toBe(false);
  });

  it('throws when the ids cannot be written (the machine then keeps bookmarks in memory)', () => {
    const store = fakeStorage({ ids: true });
    expect(() => saveSavedLists(store, ['a'], [story('a')])).toThrow('Quota exceeded');
  });
});

describe("the Saved view's list", () => {
  it('shows every saved story in the order saved, from the current stories first, else the kept copy', () => {
    const current = [story('c', 'c, current'), story('a', 'a, current')];
    const kept = [story('c', 'c, kept'), story('b', 'b, kept'), story('a', 'a, kept')];
    expect(savedView(['a', 'b', 'c'], current, kept).map((s) => s.title)).toEqual(['a, current', 'b, kept', 'c, current']);
  });

  it('leaves out a saved id with neither a current story nor a copy', () => {
    expect(savedView(['a', 'gone'], [], [story('a')])).toEqual([story('a')]);
    expect(savedView([], [story('a')], [story('a')])).toEqual([]);
  });

  // A small alphabet of ids, so saved ids, current stories and copies overlap.
  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e');
  const storyOf = (prefix: string) => fc.tuple(id, fc.nat(3)).map(([storyId, n]) => story(storyId, `${prefix} ${storyId} ${n}`));

  it('matches a reference model: each saved id once, in order, with its first current story, else its first copy', () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 8 }), fc.array(storyOf('current'), { maxLength: 8 }), fc.array(storyOf('kept'), { maxLength: 8 }), (ids, current, kept) => {
        const model: Story[] = [];
        for (const [index, savedId] of ids.entries()) {
          if (ids.indexOf(savedId) !== index) continue;
          const found = current.find((s) => s.id === savedId) ?? kept.find((s) => s.id === savedId);
          if (found) model.push(found);
        }
        expect(savedView(ids, current, kept)).toEqual(model);
      }),
    );
  });
});
