/**
 * "Show older stories" (docs/product.md#older-stories): every state and transition of the
 * older-pages machine, replayed with a fake `?before=` call on a simulated clock.
 */
import { expect } from 'vitest';
import { olderStoriesMachine } from '../../machines/olderStories.ts';
import type { Story, FeedPage } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const story = (id: string): Story => ({ id, title: `Older story ${id}`, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-01T09:00:00.000Z', category: 'World' });

// A page with a story twice, and a last page repeating one already loaded.
const middlePage: FeedPage = { stories: [story('b'), story('c'), story('b')], next: 'cursor-2' };
const lastPage: FeedPage = { stories: [story('c'), story('d')], next: null };

definePathSuite({
  name: 'olderStories',
  machine: olderStoriesMachine,
  // The first page had older stories behind it, or none.
  inputs: [{ next: 'cursor-1' }, { next: null }],
  events: [
    { type: 'older.load' },
    { type: 'older.retry' },
    // A refetch shows a new first page: with older stories behind it, or none.
    { type: 'older.firstPage', next: 'cursor-new' },
    { type: 'older.firstPage', next: null },
    { type: 'xstate.done.actor.fetchOlder', output: middlePage },
    { type: 'xstate.done.actor.fetchOlder', output: lastPage },
    { type: 'xstate.error.actor.fetchOlder', error: new Error('FunctionsHttpError: 503 store_unavailable') },
  ],
  // docs/product.md#timings-and-constants: a page with no answer within 10 s has failed.
  delays: { timeout: 10_000 },
  // The snapshots from cursor-1 and from none (the first page's cursor and the pages loaded), each by every event it accepts.
  expectedPaths: 72,
  arrange: (fakes) => olderStoriesMachine.provide({ actors: { fetchOlder: fakes.actor<FeedPage, { before: string }>('fetchOlder') } }),
  check({ event, before, after, fakes }) {
    const ids = (snapshot: typeof after) => (snapshot.context.stories as Story[]).map((s) => s.id);
    // Each story is held once.
    expect(new Set(ids(after)).size).toBe(ids(after).length);
    // The button shows only with a cursor and nothing under way; the call runs only while loading.
    expect(after.hasTag('canLoad')).toBe(after.context.next !== null && !after.hasTag('loading') && !after.hasTag('failed'));
    expect(fakes.isPending('fetchOlder')).toBe(after.hasTag('loading'));
    if (after.hasTag('loading') && !before.hasTag('loading')) expect(fakes.calls.at(-1)?.input).toEqual({ before: after.context.next });
    if (event.type === 'xstate.done.actor.fetchOlder') {
      const page = event.output as FeedPage;
      // Appended after what was loaded, each new story once, and the page's cursor taken.
      const added = [...new Set(page.stories.map((s) => s.id))].filter((id) => !ids(before).includes(id));
      expect(ids(after)).toEqual([...ids(before), ...added]);
      expect(after.context.next).toBe(page.next);
      expect(after.hasTag('canLoad')).toBe(page.next !== null);
    } else {
      // Nothing else changes what is shown: a failure keeps it.
      expect(ids(after)).toEqual(ids(before));
    }
    if (event.type === 'xstate.error.actor.fetchOlder' || event.type.startsWith('xstate.after.')) {
      expect(after.hasTag('failed')).toBe(true);
      // A page with no answer is abandoned.
      expect(fakes.calls.at(-1)?.signal.aborted).toBe(event.type.startsWith('xstate.after.'));
    }
    if (event.type === 'older.retry') {
      // "Try again" asks for the same page again.
      expect(after.hasTag('loading')).toBe(true);
      expect(fakes.calls.at(-1)?.input).toEqual({ before: before.context.next });
    }
    if (event.type === 'older.firstPage') {
      // A refreshed first page's cursor counts only while nothing older is loaded.
      expect(after.context.next).toBe(ids(before).length === 0 ? event.next : before.context.next);
      if (ids(before).length > 0) expect(after.value).toEqual(before.value);
      // The first older page, asked for from the replaced first page, is asked for again from the new one.
      if (ids(before).length === 0 && before.hasTag('loading')) {
        if (event.next !== null) {
          expect(fakes.calls.at(-2)?.signal.aborted).toBe(true);
          expect(fakes.calls.at(-1)?.input).toEqual({ before: event.next });
        } else {
          // ...or, with nothing older behind the new one, dropped.
          expect(fakes.calls.at(-1)?.signal.aborted).toBe(true);
          expect(after.value).toBe('exhausted');
        }
      }
    }
  },
});
