import { expect } from 'vitest';
import { feedMachine } from '../../machines/feed.ts';
import { fetchWithRetryMachine, type FetchOutcome } from '../../machines/fetchWithRetry.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite, flush, type OutcomeDriver } from './paths.ts';

const live: Story[] = [
  { id: 'a', title: 'Live story', summary: 'From the wire', source: 'Wire', url: 'https://news.example.org/a', published_at: '', category: 'World' },
];
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

const refreshing = ['live.refreshing', 'fallback.refreshing'] as const;

definePathSuite({
  name: 'feed',
  machine: feedMachine,
  events: [
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
  expectedPaths: 31,
  arrange: (fakes) =>
    feedMachine.provide({
      actors: {
        fetchWithRetry: fetchWithRetryMachine.provide({ actors: { fetchStories: fakes.actor<Story[]>('fetchStories') } }),
        loadSamples: fakes.actor<Story[]>('loadSamples'),
      },
    }),
  check({ after, fakes }) {
    // Exactly one live call is in flight while loading or refreshing, and none otherwise.
    const fetching = after.matches('loading') || refreshing.some((state) => after.matches(state));
    expect(fakes.isPending('fetchStories')).toBe(fetching);
    expect(fakes.isPending('loadSamples')).toBe(after.matches('loadingSamples') || after.matches('live.switchingToSamples'));
    // What the page shows follows from the state: skeletons, demo notice, stories, error screen.
    expect(after.hasTag('loading')).toBe(after.matches('loading') || after.matches('loadingSamples'));
    expect(after.hasTag('demo')).toBe(after.matches('fallback'));
    expect(after.hasTag('error')).toBe(after.matches('error'));
    // Live stays live and samples stay samples until a refetch brings something else.
    const shown = (after.context.stories as Story[]).map((story) => story.id);
    if (after.matches('live')) expect(shown).toEqual(['a']);
    else if (after.matches('fallback')) expect(shown).toEqual(['sample-1']);
    else expect(shown).toEqual([]);
  },
});
