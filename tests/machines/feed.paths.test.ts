import { expect } from 'vitest';
import { feedMachine } from '../../machines/feed.ts';
import type { Story, FeedPage } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const live: Story[] = [
  { id: 'a', title: 'Live story', summary: 'From the wire', source: 'Wire', url: 'https://news.example.org/a', published_at: '', category: 'World' },
];
const kept: Story[] = [
  { id: 'k', title: 'Kept story', summary: 'From the last visit', source: 'Wire', url: 'https://news.example.org/k', published_at: '2026-11-20T09:00:00.000Z', category: 'World' },
];
const KEPT_AT = '2026-11-20T10:00:00.000Z';
const samples: Story[] = [
  { id: 'sample-1', title: 'Sample', summary: 'Demo', source: 'Demo Daily', url: 'https://example.com/1', published_at: '2026-11-21T10:00:00.000Z', category: 'Technology' },
];
const READING = 'the visitor is reading';
/** The previous visit, 2026-11-20 10:00 UTC. */
const LAST_VISIT = Date.UTC(2026, 10, 20, 10);
const FIRST_VISIT = { kept: null, lastVisit: null };
const KEPT_INPUT = { kept: { savedAt: KEPT_AT, stories: kept }, lastVisit: LAST_VISIT };

definePathSuite({
  name: 'feed',
  machine: feedMachine,
  // The page answers "is the visitor reading?" when a live answer arrives over kept stories.
  variants: [
    { name: 'not reading', guards: { isReading: () => false } },
    { name: READING, guards: { isReading: () => true } },
  ],
  events: [
    // What the browser kept, as the page starts: a visit with stories kept by an earlier one, or a first visit (or nothing usable kept).
    { type: 'feed.visitor', ...KEPT_INPUT },
    { type: 'feed.visitor', ...FIRST_VISIT },
    { type: 'feed.showNew' },
    { type: 'xstate.done.actor.fetchStories', output: { stories: live, next: 'cursor-2' } satisfies FeedPage },
    { type: 'xstate.done.actor.fetchStories', output: { stories: [], next: null } satisfies FeedPage },
    { type: 'xstate.error.actor.fetchStories', error: new Error('FunctionsFetchError: connection refused') },
    { type: 'xstate.done.actor.loadSamples', output: samples },
    { type: 'xstate.error.actor.loadSamples', error: new Error('chunk failed to load') },
  ],
  // docs/product.md#timings-and-constants: 10 s per attempt, the retry 1 s after a failure, stale
  // after 5 minutes, refetched 10 minutes after arriving.
  delays: { timeout: 10_000, retryDelay: 1_000, staleAfter: 5 * 60_000, refetchAfterStale: 5 * 60_000, refetchInterval: 10 * 60_000 },
  // Both variants from the frame through either visit (the reading one repeats the first visit's paths, where nothing kept is read over).
  expectedPaths: 296,
  arrange: (fakes, effects) =>
    feedMachine.provide({
      actors: { fetchStories: fakes.actor<FeedPage>('fetchStories'), loadSamples: fakes.actor<Story[]>('loadSamples') },
      actions: {
        keepForNextVisit: (_, params) => void effects.push({ kept: params.stories.map((story) => story.id) }),
        // Where the page runs the feed, the page passes it to the older pages (tests/machines/page.paths.test.ts).
        tellFirstPage: ({ context }) => void effects.push({ firstPage: { next: context.next } }),
      },
    }),
  check({ event, before, after, fakes, effects, variant }) {
    const { stories, next, source, keptAt, incoming } = after.context as { stories: Story[]; next: string | null; source: string | null; keptAt: string | null; incoming: Story[] };
    // Exactly one live call is in flight while calling, and none otherwise; the samples load only when asked for.
    expect(fakes.isPending('fetchStories')).toBe(after.matches({ call: 'attempt' }));
    expect(fakes.isPending('loadSamples')).toBe(after.matches('loadingSamples'));
    // A call with no answer in 10 s is abandoned (its request aborted), not left to land later.
    if (event.type.startsWith('xstate.after.timeout.')) expect(fakes.calls.filter((call) => call.src === 'fetchStories').at(-1)?.signal.aborted).toBe(true);
    // What the page shows follows from the source: skeletons, live, kept, offline, demo; or the error screen.
    expect(after.hasTag('error')).toBe(after.matches('error'));
    const shown = stories.map((story) => story.id);
    if (source === null) expect(shown).toEqual([]);
    else if (source === 'live') expect([shown, next]).toEqual([['a'], 'cursor-2']);
    else if (source === 'samples') expect([shown, next]).toEqual([['sample-1'], null]);
    else expect([shown, next]).toEqual([['k'], null]);
    expect(keptAt).toBe(source === 'kept' || source === 'offline' ? KEPT_AT : null);
    // The offline notice only once the live call has failed, retry included.
    if (source === 'offline') expect(fakes.count('fetchStories')).toBeGreaterThanOrEqual(2);
    // A live answer over kept stories waits only while the visitor reads; the bar shows it held.
    expect(after.hasTag('newStories')).toBe(after.matches({ showing: 'held' }));
    const overKept = before.context.source === 'kept' || before.context.source === 'offline';
    if (overKept && event.type === 'xstate.done.actor.fetchStories' && (event.output as FeedPage).stories.length > 0) {
      expect(after.matches({ showing: 'held' })).toBe(variant === READING);
    }
    expect(incoming.map((story) => story.id)).toEqual(after.matches({ showing: 'held' }) ? ['a'] : []);
    // Every live answer with stories is kept for the next visit, once, as soon as it arrives.
    const answer = event.type === 'xstate.done.actor.fetchStories' ? (event.output as FeedPage) : null;
    const arrived = answer !== null && answer.stories.length > 0;
    expect(effects.filter((effect) => 'kept' in (effect as object))).toEqual(arrived ? [{ kept: ['a'] }] : []);
    // Each new first page shown (live, released, the samples, or nothing while the samples load) is told to the
    // older pages with its cursor, once; kept stories and a held answer are no first page of theirs.
    const newFirstPage =
      (arrived && !after.matches({ showing: 'held' })) ||
      (answer !== null && !arrived && (before.context.source === null || overKept)) ||
      event.type === 'xstate.done.actor.loadSamples' ||
      event.type === 'feed.showNew';
    expect(effects.filter((effect) => 'firstPage' in (effect as object))).toEqual(newFirstPage ? [{ firstPage: { next } }] : []);
    // The frame until the page starts; the previous visit's time, which marks the stories new since it, stays as the page opened.
    if (event.type === 'xstate.init') expect(after.matches('starting')).toBe(true);
    if (event.type === 'feed.visitor') {
      // The live call starts as the page does, over the kept stories or the skeletons.
      expect(after.matches({ call: 'attempt' })).toBe(true);
      expect(after.context.lastVisit).toBe(source === 'kept' ? LAST_VISIT : null);
    }
    else expect(after.context.lastVisit).toBe(before.context.lastVisit);
    // Shown stories change only with the kept ones as the page starts, an answer, the samples, "Show latest stories", or kept ones giving way.
    if (before.context.source !== source && source !== 'offline' && !(before.context.source === 'offline' && source === 'kept')) {
      expect(['feed.visitor', 'xstate.done.actor.fetchStories', 'xstate.done.actor.loadSamples', 'feed.showNew']).toContain(event.type);
    }
  },
});
