import { expect } from 'vitest';
import { feedMachine } from '../../machines/feed.ts';
import { fetchWithRetryMachine, type FetchOutcome } from '../../machines/fetchWithRetry.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite, flush, type OutcomeDriver } from './paths.ts';

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

/**
 * The feed invokes the real fetch-with-retry machine; a path's outcome of it is produced by
 * answering that machine's live calls: stories, an empty list, or two failures 1 s apart.
 * An error of the machine itself is a live call breaking its contract (no list at all).
 */
const fetchWithRetry: OutcomeDriver = async (event, { fakes, clock }) => {
  if (event.type.startsWith('xstate.error.')) return fakes.settle('fetchStories', { output: null });
  const { result, stories } = event.output as FetchOutcome;
  if (result !== 'failed') return fakes.settle('fetchStories', { output: stories });
  fakes.settle('fetchStories', { error: new Error('FunctionsFetchError: connection refused') });
  await flush();
  clock.increment(1_000);
  await flush();
  fakes.settle('fetchStories', { error: new Error('FunctionsHttpError: 503') });
};

const refreshing = ['live.refreshing', 'fallback.refreshing', 'kept.loading', 'kept.offline.refreshing'] as const;
/** States entered when live stories arrive: they are kept for the next visit there. */
const keptOnEntry = ['live.fresh', 'kept.newStories'] as const;

definePathSuite({
  name: 'feed',
  machine: feedMachine,
  // A first visit (or nothing usable kept), and a visit with stories kept by an earlier one.
  inputs: [{ kept: null }, { kept: { savedAt: KEPT_AT, stories: kept } }],
  events: [
    { type: 'feed.showNew' },
    { type: 'xstate.done.actor.fetchWithRetry', output: { result: 'stories', stories: live } },
    { type: 'xstate.done.actor.fetchWithRetry', output: { result: 'empty', stories: [] } },
    { type: 'xstate.done.actor.fetchWithRetry', output: { result: 'failed', stories: [] } },
    { type: 'xstate.error.actor.fetchWithRetry', error: new TypeError("Cannot read properties of null (reading 'length')") },
    { type: 'xstate.done.actor.loadSamples', output: samples },
    { type: 'xstate.error.actor.loadSamples', error: new Error('chunk failed to load') },
  ],
  // docs/product.md#refetch-and-freshness: stale after 5 minutes, refetched 10 minutes after arriving.
  delays: { staleAfter: 5 * 60_000, refetchAfterStale: 5 * 60_000, refetchInterval: 10 * 60_000 },
  drivers: { fetchWithRetry },
  expectedPaths: 74,
  arrange: (fakes, effects) =>
    feedMachine.provide({
      actors: {
        fetchWithRetry: fetchWithRetryMachine.provide({ actors: { fetchStories: fakes.actor<Story[]>('fetchStories') } }),
        loadSamples: fakes.actor<Story[]>('loadSamples'),
      },
      actions: { keepForNextVisit: (_, params) => effects.push({ kept: params.stories.map((story) => story.id) }) },
    }),
  check({ before, after, fakes, effects }) {
    // Exactly one live call is in flight while loading or refreshing, and none otherwise.
    const fetching = after.matches('loading') || refreshing.some((state) => after.matches(state));
    expect(fakes.isPending('fetchStories')).toBe(fetching);
    expect(fakes.isPending('loadSamples')).toBe(after.matches('loadingSamples') || after.matches('live.switchingToSamples'));
    // What the page shows follows from the state: skeletons, demo notice, stories, error screen.
    expect(after.hasTag('loading')).toBe(after.matches('loading') || after.matches('loadingSamples'));
    expect(after.hasTag('demo')).toBe(after.matches('fallback'));
    expect(after.hasTag('error')).toBe(after.matches('error'));
    // Kept stories show with no skeleton; the offline notice only once the live call has failed.
    expect(after.hasTag('kept')).toBe(after.matches('kept.loading') || after.matches('kept.newStories'));
    expect(after.hasTag('offline')).toBe(after.matches('kept.offline'));
    expect(after.hasTag('newStories')).toBe(after.matches('kept.newStories'));
    // Live stays live and samples stay samples until a refetch brings something else; kept
    // stories stay until the page shows the live answer held back behind them.
    const shown = (after.context.stories as Story[]).map((story) => story.id);
    if (after.matches('live')) expect(shown).toEqual(['a']);
    else if (after.matches('fallback')) expect(shown).toEqual(['sample-1']);
    else if (after.matches('kept')) expect(shown).toEqual(['k']);
    else expect(shown).toEqual([]);
    expect(after.context.keptAt).toBe(after.matches('kept') ? KEPT_AT : null);
    expect((after.context.incoming as Story[]).map((story) => story.id)).toEqual(after.matches('kept.newStories') ? ['a'] : []);
    // Every live answer with stories is kept for the next visit, once, as it arrives or is shown.
    const entered = keptOnEntry.some((state) => after.matches(state) && !before.matches(state));
    expect(effects).toEqual(entered ? [{ kept: ['a'] }] : []);
  },
});
