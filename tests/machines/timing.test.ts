/**
 * What the graph cannot pin: how many calls are made and when. The durations are the
 * product's (docs/product.md#timings-and-constants), written here, never read from the
 * machines: one retry about 1 s after a failure, 10 s before a silent call counts as failed,
 * stale after 5 minutes, refetched every 10. Only the live call and the samples chunk are
 * fakes, on a simulated clock.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { feedMachine } from '../../machines/feed.ts';
import type { Story, FeedPage } from '../../src/domain/story.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { flush } from './paths.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const story = (id: string): Story => ({ id, title: `Story ${id}`, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '', category: 'World' });
const samples = [story('sample')];
const offline = new Error('FunctionsFetchError: connection refused');
/** The live call's answer with these stories. */
const page = (...stories: Story[]) => ({ output: { stories, next: null } satisfies FeedPage });

async function startFeed(kept: Story[] | null = null, { reading = false } = {}) {
  const fakes = new FakeActors();
  const clock = new SimulatedClock();
  const machine = feedMachine.provide({
    actors: {
      fetchStories: fakes.actor<FeedPage>('fetchStories'),
      loadSamples: fakes.actor<Story[]>('loadSamples'),
    },
    guards: { isReading: () => reading },
  });
  const actor = createActor(machine, { clock }).start();
  // As the page starts: what the browser kept.
  actor.send({ type: 'feed.visitor', kept: kept && { savedAt: '2026-11-21T08:00:00.000Z', stories: kept }, lastVisit: null });
  await flush();
  // Time passes in steps of at most a second, so a timer started by another timer's
  // transition (stale, then refetch) starts when it would in the page.
  const wait = async (ms: number) => {
    for (let left = ms; left > 0; left -= SECOND) {
      clock.increment(Math.min(left, SECOND));
      await flush();
    }
  };
  const settle = async (src: string, outcome: { output: unknown } | { error: unknown }) => {
    fakes.settle(src, outcome);
    await flush();
  };
  const shown = () => actor.getSnapshot().context.stories.map((s) => s.id);
  const calls = () => fakes.count('fetchStories');
  return { actor, fakes, wait, settle, shown, calls };
}

async function startLive() {
  const feed = await startFeed();
  await feed.settle('fetchStories', page(story('first')));
  expect(feed.shown()).toEqual(['first']);
  return feed;
}

describe('the first load', () => {
  it('retries a failed call once, about 1 s later, then shows the samples', async () => {
    const { wait, settle, calls, shown, fakes, actor } = await startFeed();
    expect(calls()).toBe(1);
    await settle('fetchStories', { error: offline });
    await wait(999);
    expect(calls()).toBe(1);
    await wait(1);
    expect(calls()).toBe(2);
    await settle('fetchStories', { error: offline });
    // No third call: the samples load instead.
    expect(fakes.isPending('loadSamples')).toBe(true);
    await settle('loadSamples', { output: samples });
    expect(shown()).toEqual(['sample']);
    expect(actor.getSnapshot().context.source).toBe('samples');
    await wait(9 * MINUTE);
    expect(calls()).toBe(2);
  });

  it('gives up on a call with no answer after 10 s, and retries it 1 s later', async () => {
    const { wait, calls, fakes } = await startFeed();
    const first = fakes.calls[0]!;
    await wait(10 * SECOND - 1);
    expect(first.signal.aborted).toBe(false);
    await wait(1);
    expect(first.signal.aborted).toBe(true);
    await wait(SECOND - 1);
    expect(calls()).toBe(1);
    await wait(1);
    expect(calls()).toBe(2);
    // The retry gets its own 10 s; then the samples.
    await wait(10 * SECOND);
    expect(fakes.calls[1]!.signal.aborted).toBe(true);
    expect(fakes.isPending('loadSamples')).toBe(true);
    expect(calls()).toBe(2);
  });

  it('shows the samples at once, without a retry, when the answer has no stories', async () => {
    const { settle, calls, fakes } = await startFeed();
    await settle('fetchStories', page());
    expect(fakes.isPending('loadSamples')).toBe(true);
    expect(calls()).toBe(1);
  });

  it('shows live stories from the retry', async () => {
    const { wait, settle, shown } = await startFeed();
    await settle('fetchStories', { error: offline });
    await wait(SECOND);
    await settle('fetchStories', page(story('late')));
    expect(shown()).toEqual(['late']);
  });
});

describe('refetching', () => {
  it('refetches 10 minutes after the stories arrived, and every 10 minutes after that', async () => {
    const { wait, settle, calls, shown } = await startLive();
    await wait(10 * MINUTE - 1);
    expect(calls()).toBe(1);
    await wait(1);
    expect(calls()).toBe(2);
    await settle('fetchStories', page(story('second')));
    expect(shown()).toEqual(['second']);
    await wait(10 * MINUTE - 1);
    expect(calls()).toBe(2);
    await wait(1);
    expect(calls()).toBe(3);
  });

  it.each(['feed.visible', 'feed.focus'] as const)('refetches on %s only once the stories are 5 minutes old', async (type) => {
    const { actor, wait, calls } = await startLive();
    await wait(5 * MINUTE - 1);
    actor.send({ type });
    await flush();
    expect(calls()).toBe(1);
    await wait(1);
    actor.send({ type });
    await flush();
    expect(calls()).toBe(2);
  });

  it('keeps the live stories when a refetch fails twice, and tries again a full 10 minutes later', async () => {
    const { wait, settle, calls, shown, actor } = await startLive();
    await wait(10 * MINUTE);
    await settle('fetchStories', { error: offline });
    await wait(SECOND);
    expect(calls()).toBe(3);
    await settle('fetchStories', { error: offline });
    expect(shown()).toEqual(['first']);
    expect(actor.getSnapshot().context.source).toBe('live');
    await wait(10 * MINUTE - 1);
    expect(calls()).toBe(3);
    await wait(1);
    expect(calls()).toBe(4);
  });

  it('switches to the samples when a live refetch has no stories, and back to live when one has', async () => {
    const { wait, settle, shown, actor } = await startLive();
    await wait(10 * MINUTE);
    await settle('fetchStories', page());
    await settle('loadSamples', { output: samples });
    expect(shown()).toEqual(['sample']);
    expect(actor.getSnapshot().context.source).toBe('samples');
    await wait(10 * MINUTE);
    await settle('fetchStories', page(story('back')));
    expect(shown()).toEqual(['back']);
    expect(actor.getSnapshot().context.source).toBe('live');
  });
});

describe('stories kept by an earlier visit', () => {
  it('show at once while the live call runs; a failure after its retry keeps them, offline, and tries again 10 minutes later', async () => {
    const { actor, wait, settle, calls, shown } = await startFeed([story('kept')]);
    expect(shown()).toEqual(['kept']);
    expect(actor.getSnapshot().context.source).toBe('kept');
    expect(calls()).toBe(1);
    await settle('fetchStories', { error: offline });
    await wait(SECOND);
    expect(calls()).toBe(2);
    await settle('fetchStories', { error: offline });
    expect(shown()).toEqual(['kept']);
    expect(actor.getSnapshot().context.source).toBe('offline');
    await wait(10 * MINUTE - 1);
    expect(calls()).toBe(2);
    await wait(1);
    expect(calls()).toBe(3);
  });

  it.each(['feed.visible', 'feed.focus'] as const)('offline, %s tries the live call again at once', async (type) => {
    const { actor, wait, settle, calls } = await startFeed([story('kept')]);
    await settle('fetchStories', { error: offline });
    await wait(SECOND);
    await settle('fetchStories', { error: offline });
    actor.send({ type });
    await flush();
    expect(calls()).toBe(3);
  });

  it('a live answer replaces them at once when the visitor is not reading; the refetch comes 10 minutes after it', async () => {
    const { actor, wait, settle, calls, shown } = await startFeed([story('kept')]);
    await settle('fetchStories', page(story('live')));
    expect(shown()).toEqual(['live']);
    expect(actor.getSnapshot().hasTag('newStories')).toBe(false);
    await wait(10 * MINUTE - 1);
    expect(calls()).toBe(1);
    await wait(1);
    expect(calls()).toBe(2);
  });

  it('while the visitor reads, a live answer waits behind them until asked for; the refetch comes 10 minutes after that', async () => {
    const { actor, wait, settle, calls, shown } = await startFeed([story('kept')], { reading: true });
    await settle('fetchStories', page(story('live')));
    await wait(20 * MINUTE);
    expect(shown()).toEqual(['kept']);
    expect(actor.getSnapshot().hasTag('newStories')).toBe(true);
    expect(calls()).toBe(1);
    actor.send({ type: 'feed.showNew' });
    await flush();
    expect(shown()).toEqual(['live']);
    await wait(10 * MINUTE - 1);
    expect(calls()).toBe(1);
    await wait(1);
    expect(calls()).toBe(2);
  });
});

describe('the error screen', () => {
  it('"Try Again" starts the whole load again, with its own retry', async () => {
    const { actor, wait, settle, calls, shown } = await startFeed();
    await settle('fetchStories', { error: offline });
    await wait(SECOND);
    await settle('fetchStories', { error: offline });
    await settle('loadSamples', { error: new Error('chunk failed to load') });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    await wait(20 * MINUTE);
    expect(calls()).toBe(2);
    actor.send({ type: 'feed.retry' });
    await flush();
    expect(actor.getSnapshot().context.source).toBeNull();
    expect(calls()).toBe(3);
    await settle('fetchStories', { error: offline });
    await wait(SECOND);
    await settle('fetchStories', page(story('finally')));
    expect(shown()).toEqual(['finally']);
  });
});
