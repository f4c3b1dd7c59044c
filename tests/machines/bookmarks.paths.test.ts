import { expect } from 'vitest';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { definePathSuite } from './paths.ts';

definePathSuite({
  name: 'bookmarks',
  machine: bookmarksMachine,
  inputs: [{ stored: '["a"]' }, { stored: '{not json' }],
  events: [
    { type: 'bookmark.toggle', id: 'a' },
    { type: 'bookmark.toggle', id: 'b' },
    { type: 'bookmarks.storage.changed', value: '["b"]' },
    { type: 'bookmarks.storage.changed', value: null },
    { type: 'xstate.error.actor.saveBookmarks', error: new DOMException('Quota exceeded', 'QuotaExceededError') },
  ],
  delays: {},
  expectedPaths: 140,
  arrange: (fakes) => bookmarksMachine.provide({ actors: { saveBookmarks: fakes.actor<void, { ids: string[] }>('saveBookmarks') } }),
  check({ event, before, after, fakes, emitted }) {
    const ids = after.context.ids as string[];
    expect(new Set(ids).size).toBe(ids.length);
    if (event.type === 'bookmark.toggle') {
      const id = String(event.id);
      const earlier = before.context.ids as string[];
      const was = earlier.includes(id);
      // Only the toggled story changes: added at the end, or removed with the others kept.
      expect(ids).toEqual(was ? earlier.filter((kept) => kept !== id) : [...earlier, id]);
      // Each toggle is announced once, so the page shows one toast.
      expect(emitted).toEqual([{ type: was ? 'bookmark.removed' : 'bookmark.added', id }]);
      // ...and saved, unless storage already refused a write.
      if (before.matches('memoryOnly')) expect(fakes.isPending('saveBookmarks')).toBe(false);
      else expect(fakes.calls.at(-1)?.input).toEqual({ ids });
    } else {
      expect(emitted).toEqual([]);
      // Another tab's list replaces this one (the values sent here are valid lists, or cleared).
      if (event.type === 'bookmarks.storage.changed') expect(ids).toEqual(event.value === null ? [] : JSON.parse(String(event.value)));
    }
    expect(fakes.isPending('saveBookmarks')).toBe(after.matches('saving'));
  },
});
