/**
 * Following stories (docs/product.md#following-a-story): every state and transition, replayed
 * with a fake storage write (its child `storage`: storage.paths.test.ts), a fake `?follow=` call and a fake push subscription on a simulated clock.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { followsMachine, type FollowsContext } from '../../machines/follows.ts';
import { storageMachine } from '../../machines/storage.ts';
import type { Follow, Followed } from '../../src/domain/follows.ts';
import type { Story } from '../../src/domain/story.ts';
import { flush, definePathSuite } from './paths.ts';
import { FakeActors } from '../support/fake-actors.ts';

const story = (id: string, title: string, related = 0): Story => ({
  id,
  title,
  summary: '',
  source: 'Wire',
  url: `https://news.example.org/${id}`,
  published_at: '2026-11-20T09:00:00.000Z',
  category: 'World',
  ...(related > 0 ? { related: Array.from({ length: related }, (_, i) => ({ source: `Outlet ${i}`, url: `https://outlet${i}.example.org/${id}` })) } : {}),
});
const a = story('a', 'Harbour bridge reopens', 1);
const b = story('b', 'Rover finds ice');
// a's group grew to 4 reports; b is gone from the store.
const aGrown: Followed = { story: story('a', 'Harbour bridge reopens after repairs', 3), follows: ['a'], reports: 4 };
const followedA: Follow = { id: 'a', followed_at: '2026-11-20T10:00:00.000Z', seen: 2, reports: 2, story: a };
const at = '2026-11-21T08:00:00.000Z';
const followedB: Follow = { id: 'b', followed_at: at, seen: 1, story: b };

/** The storage child, its write a fake. */
const withWrite = (fakes: FakeActors) => storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } });

definePathSuite({
  name: 'follows',
  machine: followsMachine,
  inputs: [{ follows: [followedA] }],
  events: [
    { type: 'follow.toggle', story: a, at },
    { type: 'follow.toggle', story: b, at },
    // A built-in sample: nothing will report on it.
    { type: 'follow.toggle', story: story('sample-1', 'A sample story'), at },
    { type: 'follows.storage.changed', follows: [] },
    // A file from another browser follows b (as following it here would: one more copy of b would multiply the graph's
    // contexts past what a run can walk): already here, or not.
    { type: 'follows.import', follows: [followedB] },
    { type: 'follows.refresh' },
    { type: 'following.shown' },
    { type: 'following.hidden' },
    { type: 'xstate.done.actor.fetchFollowed', output: [aGrown] },
    { type: 'xstate.error.actor.fetchFollowed', error: new Error('The fetch-news function answered with a non-2xx status: 503') },
  ],
  // A call with no answer within 10 s gives up; an answer is asked again after 5 minutes.
  delays: { timeout: 10_000, staleAfter: 300_000 },
  expectedPaths: 1846,
  arrange: (fakes) =>
    followsMachine.provide({
      actors: {
        storage: withWrite(fakes),
        fetchFollowed: fakes.actor<Followed[], { ids: string[] }>('fetchFollowed'),
      },
    }),
  check({ event, before, after, fakes, emitted }) {
    const { follows, marks } = after.context as FollowsContext;
    const earlier = before.context as FollowsContext;
    const ids = follows.map((follow) => follow.id);
    expect(new Set(ids).size).toBe(ids.length);
    const saves = fakes.calls.filter((call) => call.src === 'write');
    if (event.type === 'follow.toggle' && (event.story as Story).id.startsWith('sample-')) {
      // Nothing changes, nothing is announced.
      expect(after.context).toEqual(before.context);
      expect(emitted).toEqual([]);
    } else if (event.type === 'follow.toggle') {
      const toggled = event.story as Story;
      const was = earlier.follows.some((follow) => follow.id === toggled.id);
      // Only the toggled story changes: followed first with what its card shows seen, or gone.
      if (was) expect(follows).toEqual(earlier.follows.filter((follow) => follow.id !== toggled.id));
      else expect(follows).toEqual([{ id: toggled.id, followed_at: at, seen: 1 + (toggled.related?.length ?? 0), story: toggled }, ...earlier.follows]);
      expect(emitted).toEqual([{ type: was ? 'follow.removed' : 'follow.added', id: toggled.id }]);
      expect(saves.at(-1)?.input).toEqual({ value: { follows } });
      // A new follow asks at once, so the first answer counts what is seen.
      if (!was) expect(after.hasTag('refreshing')).toBe(true);
    } else {
      expect(emitted).toEqual([]);
    }
    if (event.type === 'follows.storage.changed') expect(follows).toEqual([]);
    if (event.type === 'follows.import') {
      // The follows here stay; the file's new ones join after them, written, and are asked for at once.
      const added = [followedB].filter((follow) => !earlier.follows.some((here) => here.id === follow.id));
      expect(follows).toEqual([...earlier.follows, ...added]);
      if (added.length > 0) {
        expect(saves.at(-1)?.input).toEqual({ value: { follows } });
        expect(after.hasTag('refreshing')).toBe(true);
      } else expect(after.context).toEqual(before.context);
    }
    if (event.type === 'follows.refresh') {
      // Asked only when stale and something is followed, for every followed id.
      if (before.matches({ refresh: 'stale' }) && earlier.follows.length > 0) expect(fakes.calls.at(-1)?.input).toEqual({ ids: earlier.follows.map((follow) => follow.id) });
      else expect(after.hasTag('refreshing')).toBe(before.hasTag('refreshing'));
    }
    if (event.type === 'xstate.done.actor.fetchFollowed') {
      const previousA = earlier.follows.find((follow) => follow.id === 'a');
      const nowA = follows.find((follow) => follow.id === 'a');
      if (previousA) {
        expect(nowA?.story).toEqual(aGrown.story);
        expect(nowA?.reports).toBe(4);
        // Seen while the view shows; a new follow's first answer is its baseline; else 2 new reports wait.
        const seen = after.hasTag('viewing') || previousA.reports === undefined ? 4 : previousA.seen;
        expect(nowA?.seen).toBe(seen);
      }
      // b is gone from the store: its follow ends, and the view can say so.
      expect(ids).not.toContain('b');
      const endedB = earlier.follows.some((follow) => follow.id === 'b');
      if (endedB) expect((after.context as FollowsContext).ended.map((follow) => follow.id)).toContain('b');
      expect(saves.at(-1)?.input).toEqual({ value: { follows } });
    }
    if (event.type === 'following.shown' && !before.hasTag('viewing')) {
      // The view's marks are the new reports; they are seen now.
      for (const follow of earlier.follows) {
        const unseen = (follow.reports ?? follow.seen) - follow.seen;
        if (unseen > 0) expect(marks[follow.id]).toBe(unseen);
      }
      expect(follows.every((follow) => (follow.reports ?? follow.seen) === follow.seen)).toBe(true);
    }
    if (!after.hasTag('viewing')) expect(marks).toEqual({});
    expect(fakes.isPending('fetchFollowed')).toBe(after.hasTag('refreshing'));
  },
});

describe('the 51st follow', () => {
  it('is refused with nothing changed, and announced', async () => {
    const fifty: Follow[] = Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, followed_at: at, seen: 1, story: story(`s${i}`, `Story ${i}`) }));
    const fakes = new FakeActors();
    const actor = createActor(followsMachine.provide({ actors: { storage: withWrite(fakes) } }), { input: { follows: fifty } });
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'follow.toggle', story: b, at });
    await flush();
    expect(actor.getSnapshot().context.follows).toEqual(fifty);
    expect(emitted).toEqual([{ type: 'follow.refused', id: 'b' }]);
    expect(fakes.count('write')).toBe(0);
    // Unfollowing one makes room.
    actor.send({ type: 'follow.toggle', story: story('s3', 'Story 3'), at });
    actor.send({ type: 'follow.toggle', story: b, at });
    await flush();
    expect(actor.getSnapshot().context.follows.map((follow) => follow.id).slice(0, 2)).toEqual(['b', 's0']);
    expect(actor.getSnapshot().context.follows).toHaveLength(50);
    actor.stop();
  });
});
