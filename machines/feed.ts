import { assign, fromPromise, setup } from 'xstate';
import type { Story } from '../src/domain/story.ts';
import { fetchWithRetryMachine, type FetchOutcome } from './fetchWithRetry.ts';

/**
 * The news feed (docs/product.md#loading-failure-retry-and-fallback, #refetch-and-freshness).
 *
 * loading -> live | fallback (sample stories + demo notice) | error (no data at all).
 * With stories kept by an earlier visit (the input), they show at once instead (kept) while
 * the live call runs: its stories replace them, held back until the page says so when the
 * visitor is reading (kept.newStories); if it fails, they stay with the offline notice
 * (kept.offline). While live or fallback, the data ages from fresh to stale and is refetched
 * every 10 minutes, or on visibility/focus once stale; a failed refetch keeps what is shown.
 * Each load and refetch is one `fetchWithRetry` child (machines/fetchWithRetry.ts).
 */

/** Stories kept by an earlier visit (src/domain/kept-feed.ts), already validated and recent. */
export interface KeptStories {
  savedAt: string;
  stories: Story[];
}

export interface FeedInput {
  /** Null when nothing usable is kept: the first load shows skeletons. */
  kept: KeptStories | null;
}

export interface FeedContext {
  stories: Story[];
  /** While kept stories are shown: when they were kept (ISO); null otherwise. */
  keptAt: string | null;
  /** A live answer held back while the visitor reads the kept stories. */
  incoming: Story[];
}

export type FeedEvent =
  | { type: 'feed.retry' }
  | { type: 'feed.visible' }
  | { type: 'feed.focus' }
  /** The page shows the held-back live answer (at once, unless the visitor is reading). */
  | { type: 'feed.showNew' };

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as FeedInput,
  },
  actors: {
    /** The live call with one retry; the app provides its `fetchStories` (fetchWithRetryMachine.provide). */
    fetchWithRetry: fetchWithRetryMachine,
    /** Injected: resolves with the built-in sample stories, loaded on demand. */
    loadSamples: fromPromise<Story[]>(() => Promise.reject(new Error('loadSamples is provided by the app'))),
  },
  guards: {
    hasKept: ({ context }) => context.keptAt !== null,
    gotStories: (_, { outcome }: { outcome: FetchOutcome }) => outcome.result === 'stories',
    gotNoStories: (_, { outcome }: { outcome: FetchOutcome }) => outcome.result === 'empty',
  },
  actions: {
    showStories: assign((_, { stories }: { stories: Story[] }) => ({ stories, keptAt: null, incoming: [] })),
    holdBack: assign((_, { stories }: { stories: Story[] }) => ({ incoming: stories })),
    showHeldBack: assign(({ context }) => ({ stories: context.incoming, keptAt: null, incoming: [] })),
    /** The live feed answered, with no stories: the kept ones give way to the samples. */
    dropKept: assign({ stories: [], keptAt: null, incoming: [] }),
    /** Injected: keeps a live answer's stories for the next visit; must not throw. */
    keepForNextVisit: (_, _params: { stories: Story[] }) => {},
  },
  // docs/product.md#timings-and-constants: stale after 5 minutes, refetched every 10.
  delays: {
    staleAfter: 5 * 60_000,
    refetchAfterStale: 5 * 60_000,
    refetchInterval: 10 * 60_000,
  },
}).createMachine({
  id: 'feed',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ stories: input?.kept?.stories ?? [], keptAt: input?.kept?.savedAt ?? null, incoming: [] }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasKept', target: 'kept' }, { target: 'loading' }],
    },
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
    /**
     * Stories kept by an earlier visit show at once, with no skeleton, while the live call runs
     * (docs/product.md#loading-failure-retry-and-fallback).
     */
    kept: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['kept'],
          invoke: {
            id: 'fetchWithRetry',
            src: 'fetchWithRetry',
            onDone: [
              {
                guard: { type: 'gotStories', params: ({ event }) => ({ outcome: event.output }) },
                target: 'newStories',
                actions: { type: 'holdBack', params: ({ event }) => ({ stories: event.output.stories }) },
              },
              // An answer with no stories means the samples, kept stories or not (only a failure keeps them).
              { guard: { type: 'gotNoStories', params: ({ event }) => ({ outcome: event.output }) }, target: '#feed.loadingSamples', actions: 'dropKept' },
              // Failed after its retry: the kept stories stay, with the offline notice.
              { target: 'offline' },
            ],
            onError: { target: 'offline' },
          },
        },
        /** The live answer is in; the kept stories stay until the page shows it ("N new stories"). */
        newStories: {
          tags: ['kept', 'newStories'],
          entry: { type: 'keepForNextVisit', params: ({ context }) => ({ stories: context.incoming }) },
          on: { 'feed.showNew': { target: '#feed.live', actions: 'showHeldBack' } },
        },
        /** The live call failed after its retry: the kept stories stay, with the offline notice. */
        offline: {
          tags: ['offline'],
          initial: 'waiting',
          states: {
            waiting: {
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
                    target: '#feed.kept.newStories',
                    actions: { type: 'holdBack', params: ({ event }) => ({ stories: event.output.stories }) },
                  },
                  { guard: { type: 'gotNoStories', params: ({ event }) => ({ outcome: event.output }) }, target: '#feed.loadingSamples', actions: 'dropKept' },
                  { target: 'waiting' },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    live: {
      initial: 'fresh',
      states: {
        /** Live stories just arrived (or were just shown): they are kept for the next visit. */
        fresh: {
          entry: { type: 'keepForNextVisit', params: ({ context }) => ({ stories: context.stories }) },
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
