/**
 * `newsBookmarks` and `newsSavedStories` together (docs/product.md#saved-stories-last,
 * #stored-in-the-browser): the bookmarks machine wired to a storage as the app wires it (the
 * values read by src/domain/saved-stories.ts, written through `saveSavedLists`), with storage
 * that holds corrupt or old values or refuses writes. Bookmarks are never lost because of the
 * copies.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { bookmarksMachine, type SavedLists } from '../../machines/bookmarks.ts';
import { storageMachine } from '../../machines/storage.ts';
import { storageWriter } from '../../src/browser/storage-writer.ts';
import { parseSavedStories, parseStoredBookmarks, saveSavedLists } from '../../src/domain/saved-stories.ts';
import type { Story } from '../../src/domain/story.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { flush } from './paths.ts';

const story = (id: string, title = `Story ${id}`): Story => ({ id, title, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-20T09:00:00.000Z', category: 'World' });
const quota = () => new DOMException('Quota exceeded', 'QuotaExceededError');

/** One page's life over a storage (a Map standing in for localStorage) that refuses the keys named. */
function openPage(storage: Map<string, string>, refuse: ReadonlySet<string> = new Set()) {
  const write = (key: string) => (value: string) => {
    if (refuse.has(key)) throw quota();
    storage.set(key, value);
  };
  const fakes = new FakeActors();
  const machine = bookmarksMachine.provide({
    actors: {
      storage: storageMachine.provide({
        actors: {
          write: storageWriter<SavedLists>(({ ids, stories }) => saveSavedLists({ writeIds: write('newsBookmarks'), writeStories: write('newsSavedStories') }, ids, stories)),
        },
      }),
      fetchSaved: fakes.actor<Story[], { ids: string[] }>('fetchSaved'),
    },
  });
  const input = { ids: parseStoredBookmarks(storage.get('newsBookmarks') ?? null), savedStories: parseSavedStories(storage.get('newsSavedStories') ?? null) };
  const actor = createActor(machine, { input }).start();
  const announced: string[] = [];
  actor.on('*', (event) => announced.push(event.type));
  const toggle = async (toggled: Story) => {
    actor.send({ type: 'bookmark.toggle', story: toggled });
    await flush();
  };
  const shown = () => actor.getSnapshot().context;
  return { actor, fakes, toggle, shown, announced };
}

const stored = (storage: Map<string, string>, key: string) => JSON.parse(storage.get(key) ?? 'null') as unknown;

describe('newsSavedStories that cannot be read', () => {
  it.each([
    ['corrupt', '[{"id":"a","title":'],
    ['in the old format (ids)', '["a","b"]'],
    ['not an array', '{"stories":[]}'],
  ])('%s: every bookmark stays, without copies, and newsBookmarks is untouched until the next toggle', async (_case, value) => {
    const storage = new Map([
      ['newsBookmarks', '["a","b"]'],
      ['newsSavedStories', value],
    ]);
    const page = openPage(storage);
    expect(page.shown()).toEqual({ ids: ['a', 'b'], stories: [] });
    await flush();
    expect(storage.get('newsBookmarks')).toBe('["a","b"]');
    await page.toggle(story('c'));
    expect(stored(storage, 'newsBookmarks')).toEqual(['a', 'b', 'c']);
    expect(stored(storage, 'newsSavedStories')).toEqual([story('c')]);
  });

  it('a copy of a story no longer saved (a refused write left it) is not shown on the next visit', () => {
    const storage = new Map([
      ['newsBookmarks', '["b"]'],
      ['newsSavedStories', JSON.stringify([story('a'), story('b')])],
    ]);
    expect(openPage(storage).shown()).toEqual({ ids: ['b'], stories: [story('b')] });
  });
});

describe('storage over quota', () => {
  it('for newsSavedStories only: the bookmark still toggles, and newsBookmarks keeps being saved', async () => {
    const storage = new Map<string, string>();
    const page = openPage(storage, new Set(['newsSavedStories']));
    await page.toggle(story('a'));
    await page.toggle(story('b'));
    await page.toggle(story('a'));
    expect(page.shown()).toEqual({ ids: ['b'], stories: [story('b')] });
    expect(page.announced).toEqual(['bookmark.added', 'bookmark.added', 'bookmark.removed']);
    expect(stored(storage, 'newsBookmarks')).toEqual(['b']);
    expect(storage.has('newsSavedStories')).toBe(false);
    // The next visit has the bookmark, without its copy.
    expect(openPage(storage).shown()).toEqual({ ids: ['b'], stories: [] });
  });

  it('for both keys: bookmarks and copies work in memory for the page\'s lifetime', async () => {
    const storage = new Map([['newsBookmarks', '["a"]']]);
    const page = openPage(storage, new Set(['newsBookmarks', 'newsSavedStories']));
    await page.toggle(story('b'));
    expect(page.actor.getSnapshot().children.storage?.getSnapshot().hasTag('memoryOnly')).toBe(true);
    await page.toggle(story('c'));
    await page.toggle(story('a'));
    expect(page.shown()).toEqual({ ids: ['b', 'c'], stories: [story('c'), story('b')] });
    expect(page.announced).toEqual(['bookmark.added', 'bookmark.added', 'bookmark.removed']);
    expect(storage.get('newsBookmarks')).toBe('["a"]');
  });
});

describe('another tab', () => {
  it('writes the ids, then the copies: this tab takes both; clearing all storage clears both', async () => {
    const storage = new Map<string, string>();
    const page = openPage(storage);
    const other = openPage(storage);
    await other.toggle(story('a'));
    // The storage events, in the order of the other tab's writes.
    page.actor.send({ type: 'bookmarks.storage.changed', ids: parseStoredBookmarks(storage.get('newsBookmarks') ?? null) });
    expect(page.shown()).toEqual({ ids: ['a'], stories: [] });
    page.actor.send({ type: 'saved.storage.changed', stories: parseSavedStories(storage.get('newsSavedStories') ?? null) });
    expect(page.shown()).toEqual({ ids: ['a'], stories: [story('a')] });
    page.actor.send({ type: 'bookmarks.storage.changed', ids: parseStoredBookmarks(null) });
    page.actor.send({ type: 'saved.storage.changed', stories: parseSavedStories(null) });
    expect(page.shown()).toEqual({ ids: [], stories: [] });
  });
});

describe('refreshing the kept copies', () => {
  it('asks for the saved ids newest first, keeps the copy of a story the store no longer has, and stores the result', async () => {
    const storage = new Map([
      ['newsBookmarks', '["a","b","c"]'],
      ['newsSavedStories', JSON.stringify([story('c'), story('b'), story('a')])],
    ]);
    const page = openPage(storage);
    page.actor.send({ type: 'saved.refresh' });
    expect(page.fakes.calls.at(-1)?.input).toEqual({ ids: ['c', 'b', 'a'] });
    // b left the store; a and c were updated.
    page.fakes.settle('fetchSaved', { output: [story('a', 'a, updated'), story('c', 'c, updated')] });
    await flush();
    const expected = [story('c', 'c, updated'), story('b'), story('a', 'a, updated')];
    expect(page.shown().stories).toEqual(expected);
    expect(parseSavedStories(storage.get('newsSavedStories') ?? null)).toEqual(expected);
    expect(stored(storage, 'newsBookmarks')).toEqual(['a', 'b', 'c']);
  });

  it('brings copies for bookmarks saved before copies were kept', async () => {
    const storage = new Map([['newsBookmarks', '["a","b"]']]);
    const page = openPage(storage);
    page.actor.send({ type: 'saved.refresh' });
    page.fakes.settle('fetchSaved', { output: [story('b')] });
    await flush();
    expect(page.shown()).toEqual({ ids: ['a', 'b'], stories: [story('b')] });
    expect(stored(storage, 'newsSavedStories')).toEqual([story('b')]);
  });

  it('a failed refresh changes nothing; a bookmark toggled meanwhile does not cancel it', async () => {
    const storage = new Map([
      ['newsBookmarks', '["a"]'],
      ['newsSavedStories', JSON.stringify([story('a')])],
    ]);
    const page = openPage(storage);
    page.actor.send({ type: 'saved.refresh' });
    await page.toggle(story('b'));
    expect(page.actor.getSnapshot().hasTag('refreshing')).toBe(true);
    page.fakes.settle('fetchSaved', { error: new Error('FunctionsFetchError: offline') });
    await flush();
    expect(page.shown()).toEqual({ ids: ['a', 'b'], stories: [story('b'), story('a')] });
    expect(page.actor.getSnapshot().hasTag('refreshing')).toBe(false);
  });

  it('keeps at most 500 copies, of the newest saved; asks for no more than those', async () => {
    const ids = Array.from({ length: 502 }, (_, i) => `s${i}`);
    const storage = new Map([['newsBookmarks', JSON.stringify(ids)]]);
    const page = openPage(storage);
    page.actor.send({ type: 'saved.refresh' });
    const asked = (page.fakes.calls.at(-1)?.input as { ids: string[] }).ids;
    expect(asked).toHaveLength(500);
    expect(asked[0]).toBe('s501');
    expect(asked.at(-1)).toBe('s2');
    page.fakes.settle('fetchSaved', { output: ids.map((id) => story(id)) });
    await flush();
    expect(page.shown().stories).toHaveLength(500);
    expect(page.shown().stories[0]?.id).toBe('s501');
    await page.toggle(story('new'));
    expect(page.shown().stories).toHaveLength(500);
    expect(page.shown().stories[0]?.id).toBe('new');
    expect(page.shown().stories.at(-1)?.id).toBe('s3');
  });
});
