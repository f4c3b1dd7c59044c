import { expect } from 'vitest';
import { FEED_TIMING } from '../../machines/constants.ts';
import { feedMachine } from '../../machines/feed.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const liveAnswer = {
  stories: [
    { id: 'a', title: 'Live story', url: 'https://news.example.org/a', summary: 'From the wire', source: 'Wire' },
    { id: 'a', title: 'Duplicate id', url: 'https://news.example.org/a2' },
    { id: 'bad', title: 'Script url', url: 'javascript:alert(1)' },
  ],
};
const samples: Story[] = [
  { id: 'sample-1', title: 'Sample', summary: 'Demo', source: 'Demo Daily', url: 'https://example.com/1', published_at: '2026-11-21T10:00:00.000Z', category: 'Technology' },
];

const fetching = /\.(attempt|retry)$/;
const loadingSamples = /^feed\.(loadingSamples|live\.switchingToSamples)$/;

definePathSuite({
  name: 'feed',
  machine: feedMachine,
  events: [
    { type: 'xstate.done.actor.fetchLive', output: liveAnswer },
    { type: 'xstate.done.actor.fetchLive', output: { stories: [] } },
    { type: 'xstate.error.actor.fetchLive', error: new Error('FunctionsHttpError: 503') },
    { type: 'xstate.done.actor.loadSamples', output: samples },
    { type: 'xstate.error.actor.loadSamples', error: new Error('chunk failed to load') },
  ],
  delays: {
    ...FEED_TIMING,
    refetchAfterStale: FEED_TIMING.refetchInterval - FEED_TIMING.staleAfter,
  },
  arrange: (fakes) =>
    feedMachine.provide({ actors: { fetchLive: fakes.actor('fetchLive'), loadSamples: fakes.actor<Story[]>('loadSamples') } }),
  check({ after, fakes }) {
    const active = after._nodes.map((node) => node.id);
    // Exactly one live call is in flight in each fetching state; an abandoned one is aborted.
    expect(fakes.isPending('fetchLive')).toBe(active.some((id) => fetching.test(id)));
    expect(fakes.isPending('loadSamples')).toBe(active.some((id) => loadingSamples.test(id)));
    // What the page shows follows from the state: skeletons, demo notice, stories, error screen.
    expect(after.hasTag('loading')).toBe(after.matches('loading') || after.matches('loadingSamples'));
    expect(after.hasTag('demo')).toBe(after.matches('fallback'));
    expect(after.hasTag('error')).toBe(after.matches('error'));
    const shown = (after.context.stories as Story[]).map((story) => story.id);
    if (after.matches('live')) expect(shown).toEqual(['a']);
    if (after.matches('fallback')) expect(shown).toEqual(['sample-1']);
    if (after.matches('error') || after.matches('loading')) expect(shown).toEqual([]);
  },
});
