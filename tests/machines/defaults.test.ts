/**
 * The machines as the Stately visualizer loads them, with no effects provided: their stand-in
 * actors reject, so each machine lands in its failure state instead of hanging or throwing.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { bookmarksMachine, parseStoredBookmarks } from '../../machines/bookmarks.ts';
import { FEED_TIMING } from '../../machines/constants.ts';
import { copyLinkMachine } from '../../machines/copyLink.ts';
import { feedMachine } from '../../machines/feed.ts';
import { flush } from './paths.ts';

describe('machines without provided effects', () => {
  it('feed: both attempts and the samples fail, so it ends in error', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(feedMachine, { clock }).start();
    await flush();
    clock.increment(FEED_TIMING.retryDelay);
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.problem).toBe('loadSamples is provided by the app');
  });

  it('bookmarks: the first save fails, so bookmarks live in memory', async () => {
    const actor = createActor(bookmarksMachine, { input: { stored: null } }).start();
    actor.send({ type: 'bookmark.toggle', id: 'a' });
    await flush();
    expect(actor.getSnapshot().value).toBe('memoryOnly');
    expect(actor.getSnapshot().context.ids).toEqual(['a']);
  });

  it('copyLink: the clipboard write fails', async () => {
    const actor = createActor(copyLinkMachine).start();
    actor.send({ type: 'link.copy', url: 'https://example.org/' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});

describe('reading stored values', () => {
  it.each([
    [null, []],
    ['["a","b","a",""]', ['a', 'b']],
    ['[1, null, "c"]', ['c']],
    ['{"a":1}', []],
    ['"a"', []],
    ['{not json', []],
  ])('bookmarks %j read as %j', (stored, ids) => {
    expect(parseStoredBookmarks(stored)).toEqual(ids);
  });

  it('a rejection that is not an Error is still described', async () => {
    const clock = new SimulatedClock();
    const machine = feedMachine.provide({
      actors: { fetchLive: fromPromise(() => Promise.reject('offline')), loadSamples: fromPromise(() => Promise.reject('no chunk')) },
    });
    const actor = createActor(machine, { clock }).start();
    await flush();
    clock.increment(FEED_TIMING.retryDelay);
    await flush();
    expect(actor.getSnapshot().context.problem).toBe('no chunk');
  });
});
