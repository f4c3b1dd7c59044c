import { assign, fromPromise, setup } from 'xstate';
import type { Story } from '../src/domain/story.ts';
import { fetchWithRetryMachine, type FetchOutcome } from './fetchWithRetry.ts';

/**
 * The news feed (docs/product.md#loading-failure-retry-and-fallback, #refetch-and-freshness).
 *
 * loading -> live | fallback (sample stories + demo notice) | error (no data at all).
 * While live or fallback, the data ages from fresh to stale and is refetched every
 * 10 minutes, or on visibility/focus once stale; a failed refetch keeps what is shown.
 * Each load and refetch is one `fetchWithRetry` child (machines/fetchWithRetry.ts).
 */

export interface FeedContext {
  stories: Story[];
}

export type FeedEvent = { type: 'feed.retry' } | { type: 'feed.visible' } | { type: 'feed.focus' };

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
  },
  actors: {
    /** The live call with one retry; the app provides its `fetchStories` (fetchWithRetryMachine.provide). */
    fetchWithRetry: fetchWithRetryMachine,
    /** Injected: resolves with the built-in sample stories, loaded on demand. */
    loadSamples: fromPromise<Story[]>(() => Promise.reject(new Error('loadSamples is provided by the app'))),
  },
  guards: {
    gotStories: (_, { outcome }: { outcome: FetchOutcome }) => outcome.result === 'stories',
    gotNoStories: (_, { outcome }: { outcome: FetchOutcome }) => outcome.result === 'empty',
  },
  actions: {
    showStories: assign((_, { stories }: { stories: Story[] }) => ({ stories })),
  },
  // docs/product.md#timings-and-constants: stale after 5 minutes, refetched every 10.
  delays: {
    staleAfter: 5 * 60_000,
    refetchAfterStale: 5 * 60_000,
    refetchInterval: 10 * 60_000,
  },
}).createMachine({
  id: 'feed',
  context: { stories: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchWithRetry',
        src: 'fetchWithRetry',
        onDone: [
          {
            guard: { type: 'gotStories', params: ({ event }) => ({ outcome: event.output }) },
            target: 'live',
            actions: { type: 'showStories', params: ({ event }) => ({ stories: event.output.stories }) },
          },
          // No stories, or both attempts failed: the sample stories, at once.
          { target: 'loadingSamples' },
        ],
        onError: { target: 'loadingSamples' },
      },
    },
    loadingSamples: {
      tags: ['loading'],
      invoke: {
        id: 'loadSamples',
        src: 'loadSamples',
        onDone: { target: 'fallback', actions: { type: 'showStories', params: ({ event }) => ({ stories: event.output }) } },
        onError: { target: 'error' },
      },
    },
    live: {
      initial: 'fresh',
      states: {
        fresh: {
          after: { staleAfter: { target: 'stale' } },
        },
        stale: {
          on: { 'feed.visible': { target: 'refreshing' }, 'feed.focus': { target: 'refreshing' } },
          after: { refetchAfterStale: { target: 'refreshing' } },
        },
        /** A refetch failed: the data is stale, and the next periodic refetch is a full interval away. */
        retryLater: {
          on: { 'feed.visible': { target: 'refreshing' }, 'feed.focus': { target: 'refreshing' } },
          after: { refetchInterval: { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            id: 'fetchWithRetry',
            src: 'fetchWithRetry',
            onDone: [
              {
                guard: { type: 'gotStories', params: ({ event }) => ({ outcome: event.output }) },
                target: 'fresh',
                actions: { type: 'showStories', params: ({ event }) => ({ stories: event.output.stories }) },
              },
              { guard: { type: 'gotNoStories', params: ({ event }) => ({ outcome: event.output }) }, target: 'switchingToSamples' },
              { target: 'retryLater' },
            ],
            onError: { target: 'retryLater' },
          },
        },
        /** A live refetch had no stories: the samples replace the live ones, as on a first load. */
        switchingToSamples: {
          invoke: {
            id: 'loadSamples',
            src: 'loadSamples',
            onDone: { target: '#feed.fallback', actions: { type: 'showStories', params: ({ event }) => ({ stories: event.output }) } },
            onError: { target: 'retryLater' },
          },
        },
      },
    },
    fallback: {
      tags: ['demo'],
      initial: 'fresh',
      states: {
        fresh: {
          after: { staleAfter: { target: 'stale' } },
        },
        stale: {
          on: { 'feed.visible': { target: 'refreshing' }, 'feed.focus': { target: 'refreshing' } },
          after: { refetchAfterStale: { target: 'refreshing' } },
        },
        retryLater: {
          on: { 'feed.visible': { target: 'refreshing' }, 'feed.focus': { target: 'refreshing' } },
          after: { refetchInterval: { target: 'refreshing' } },
        },
        refreshing: {
          invoke: {
            id: 'fetchWithRetry',
            src: 'fetchWithRetry',
            onDone: [
              {
                guard: { type: 'gotStories', params: ({ event }) => ({ outcome: event.output }) },
                target: '#feed.live',
                actions: { type: 'showStories', params: ({ event }) => ({ stories: event.output.stories }) },
              },
              // Still nothing live: the samples stay, fresh again.
              { guard: { type: 'gotNoStories', params: ({ event }) => ({ outcome: event.output }) }, target: 'fresh' },
              { target: 'retryLater' },
            ],
            onError: { target: 'retryLater' },
          },
        },
      },
    },
    error: {
      tags: ['error'],
      on: { 'feed.retry': { target: 'loading' } },
    },
  },
});
