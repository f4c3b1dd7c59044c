/**
 * Bookmarks and their kept copies (docs/product.md#bookmarks-sharing-and-copying,
 * #saved-stories-last): every state and transition, replayed with a fake storage write (its child
 * `storage`, machines/storage.ts, with its own paths in storage.paths.test.ts) and a fake `?ids=`
 * refresh on a simulated clock.
 */
import { expect } from 'vitest';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { storageMachine } from '../../machines/storage.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const story = (id: string, title: string): Story => ({ id, title, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-20T09:00:00.000Z', category: 'World' });
const a = story('a', 'Story a as saved');
const aFresh = story('a', 'Story a, updated');
const b = story('b', 'Story b as saved');
const bOtherTab = story('b', 'Story b as the other tab kept it');

type Context = { ids: string[]; stories: Story[] };
const writesSoFar = new WeakMap<object, number>();

definePathSuite({
  name: 'bookmarks',
  machine: bookmarksMachine,
  // Stored bookmarks with their copy, read (corrupt and old-format values: tests/domain/saved-stories.test.ts, tests/domain/stored-values.test.ts).
  inputs: [{ ids: ['a'], savedStories: [a] }],
  events: [
    { type: 'bookmark.toggle', story: a },
    { type: 'bookmark.toggle', story: b },
    { type: 'bookmarks.storage.changed', ids: ['b'] },
    { type: 'saved.storage.changed', stories: [bOtherTab, a] },
    { type: 'saved.refresh' },
    // A file from another browser: b (its copy there) and c (no copy), and a again with that browser's copy.
    { type: 'bookmarks.import', ids: ['b', 'a', 'c'], stories: [bOtherTab, aFresh] },
    // The store still has a (updated), no longer b.
    { type: 'xstate.done.actor.fetchSaved', output: [aFresh] },
    { type: 'xstate.error.actor.fetchSaved', error: new Error('FunctionsHttpError: 503 store_unavailable') },
  ],
  // A refresh with no answer within 10 s changes nothing.
  delays: { timeout: 10_000 },
  expectedPaths: 770,
  arrange: (fakes) =>
    bookmarksMachine.provide({
      actors: {
        storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } }),
        fetchSaved: fakes.actor<Story[], { ids: string[] }>('fetchSaved'),
      },
    }),
  check({ event, before, after, fakes, emitted }) {
    const { ids, stories } = after.context as Context;
    const earlier = before.context as Context;
    const copyIds = stories.map((s) => s.id);
    // Each id once; a copy only of a saved story, each once.
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(copyIds).size).toBe(copyIds.length);
    expect(copyIds.every((id) => ids.includes(id))).toBe(true);
    if (event.type === 'bookmark.toggle') {
      const toggled = event.story as Story;
      const was = earlier.ids.includes(toggled.id);
      // Only the toggled story changes: added at the end, or removed with the others kept.
      expect(ids).toEqual(was ? earlier.ids.filter((kept) => kept !== toggled.id) : [...earlier.ids, toggled.id]);
      // Its copy is kept first (newest saved first), or goes with the bookmark.
      expect(stories).toEqual(was ? earlier.stories.filter((s) => s.id !== toggled.id) : [toggled, ...earlier.stories.filter((s) => s.id !== toggled.id)]);
      // Each toggle is announced once, so the page shows one toast.
      expect(emitted).toEqual([{ type: was ? 'bookmark.removed' : 'bookmark.added', id: toggled.id }]);
      // ...and both lists go to storage.
      expect(fakes.calls.at(-1)).toMatchObject({ src: 'write', input: { value: { ids, stories } } });
    } else {
      expect(emitted).toEqual([]);
    }
    if (event.type === 'bookmarks.storage.changed') {
      // Another tab's list replaces this one; copies of stories no longer saved go.
      expect(ids).toEqual(event.ids);
      expect(stories).toEqual(earlier.stories.filter((s) => ids.includes(s.id)));
    }
    if (event.type === 'saved.storage.changed') {
      expect(ids).toEqual(earlier.ids);
      expect(stories).toEqual((event.stories as Story[]).filter((s) => ids.includes(s.id)));
    }
    if (event.type === 'saved.refresh') {
      // One refresh at a time, of the saved ids, newest saved first; none with nothing saved.
      if (earlier.ids.length > 0 && before.matches('idle')) expect(fakes.calls.at(-1)?.input).toEqual({ ids: [...earlier.ids].reverse() });
      expect(after.context).toEqual(before.context);
    }
    if (event.type === 'bookmarks.import') {
      // Every bookmark here stays in its place, the new ones after; a copy here is kept, a new bookmark brings its own.
      expect(ids).toEqual([...earlier.ids, ...['b', 'a', 'c'].filter((id) => !earlier.ids.includes(id))]);
      const fromFile = [bOtherTab, aFresh].filter((s) => !earlier.ids.includes(s.id));
      expect(stories).toEqual([...fromFile, ...earlier.stories, ...[bOtherTab, aFresh].filter((s) => !fromFile.includes(s) && !earlier.stories.some((kept) => kept.id === s.id))]);
      expect(fakes.calls.at(-1)).toMatchObject({ src: 'write', input: { value: { ids, stories } } });
    }
    if (event.type === 'xstate.done.actor.fetchSaved') {
      // Fresh copies replace kept ones; a story the store no longer has keeps its copy.
      const fresh = event.output as Story[];
      expect(ids).toEqual(earlier.ids);
      const expected = [...ids].reverse().flatMap((id) => fresh.find((s) => s.id === id) ?? earlier.stories.find((s) => s.id === id) ?? []);
      expect(stories).toEqual(expected);
      // ...and go to storage.
      expect(fakes.calls.at(-1)).toMatchObject({ src: 'write', input: { value: { ids, stories } } });
    }
    if (event.type === 'xstate.error.actor.fetchSaved' || event.type.startsWith('xstate.after.')) {
      // A failed refresh changes nothing.
      expect(after.context).toEqual(before.context);
      expect(after.matches('idle')).toBe(true);
    }
    // A toggle and fresh copies are written, each once; another tab's write, a refresh that starts or fails, nothing.
    const writes = fakes.count('write');
    const written = event.type === 'bookmark.toggle' || event.type === 'bookmarks.import' || event.type === 'xstate.done.actor.fetchSaved';
    expect(writes).toBe((writesSoFar.get(fakes) ?? 0) + (written ? 1 : 0));
    writesSoFar.set(fakes, writes);
    expect(fakes.isPending('fetchSaved')).toBe(after.hasTag('refreshing'));
  },
});
