import { assign, fromPromise, setup } from 'xstate';
import { storiesFromAnswer, type NormalizeResult } from '../src/domain/normalize.ts';
import type { Story } from '../src/domain/story.ts';
import { FEED_TIMING } from './constants.ts';

/**
 * The news feed (SPEC.md sections 4 and 8, INTERFACE.md section 2).
 *
 * loading -> live | fallback (sample stories + demo notice) | error (no data at all).
 * While live or fallback, the data ages from fresh to stale and is refetched every
 * 10 minutes, or on visibility/focus once stale; a failed refetch keeps what is shown.
 */

export interface FeedContext {
  stories: Story[];
  /** Items of the last live answer that failed validation. */
  dropped: number;
  /** Why the last call did not give stories; null after a good answer. */
  problem: string | null;
}

export type FeedEvent = { type: 'feed.retry' } | { type: 'feed.visible' } | { type: 'feed.focus' };

// The guard and the action of one transition read the same answer: normalize it once.
let lastAnswer: { body: unknown; result: NormalizeResult } | undefined;
function readAnswer(body: unknown): NormalizeResult {
  if (lastAnswer && lastAnswer.body === body) return lastAnswer.result;
  const result = storiesFromAnswer(body);
  lastAnswer = { body, result };
  return result;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const emptyContext: FeedContext = { stories: [], dropped: 0, problem: null };

type Owner = 'live' | 'fallback';

/** A fetch with one retry (~1 s later) and a 10 s timeout per attempt. */
function fetchWithRetry(onStories: object, onEmpty: object, onFailure: object) {
  const fetchOnce = (onGiveUp: object) => ({
    invoke: {
      id: 'fetchLive',
      src: 'fetchLive' as const,
      onDone: [
        {
          guard: { type: 'answerHasStories' as const, params: ({ event }: { event: { output: unknown } }) => ({ answer: event.output }) },
          ...onStories,
        },
        { ...onEmpty, actions: { type: 'noteEmpty' as const } },
      ],
      onError: { ...onGiveUp, actions: { type: 'noteFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
    },
    after: { fetchTimeout: { ...onGiveUp, actions: { type: 'noteTimeout' as const } } },
  });
  return {
    initial: 'attempt' as const,
    states: {
      attempt: fetchOnce({ target: 'backoff' }),
      backoff: { after: { retryDelay: { target: 'retry' } } },
      retry: fetchOnce(onFailure),
    },
  };
}

const acceptLive = {
  type: 'acceptLive' as const,
  params: ({ event }: { event: { output: unknown } }) => ({ answer: event.output }),
};

/** Shown data ages; a refetch replaces it with live stories or keeps it. */
function refreshCycle(owner: Owner) {
  const wake = { 'feed.visible': { target: 'refreshing' }, 'feed.focus': { target: 'refreshing' } };
  const onEmpty = owner === 'live' ? { target: `#feed.live.switchingToSamples` } : { target: '#feed.fallback', reenter: true };
  return {
    initial: 'fresh' as const,
    states: {
      fresh: { after: { staleAfter: { target: 'stale' } } },
      stale: { on: wake, after: { refetchAfterStale: { target: 'refreshing' } } },
      /** A refetch failed: the data is stale, the next periodic refetch is a full interval away. */
      retryLater: { on: wake, after: { refetchInterval: { target: 'refreshing' } } },
      refreshing: {
        tags: ['refreshing'],
        ...fetchWithRetry({ target: '#feed.live', reenter: true, actions: acceptLive }, onEmpty, { target: `#feed.${owner}.retryLater` }),
      },
      ...(owner === 'live'
        ? {
            switchingToSamples: {
              invoke: {
                id: 'loadSamples',
                src: 'loadSamples' as const,
                onDone: { target: '#feed.fallback', actions: { type: 'acceptSamples' as const, params: ({ event }: { event: { output: Story[] } }) => ({ stories: event.output }) } },
                onError: { target: 'retryLater', actions: { type: 'noteFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
              },
            },
          }
        : {}),
    },
  };
}

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
  },
  actors: {
    /** Resolves with the function's parsed JSON answer; rejects when the call fails. */
    fetchLive: fromPromise<unknown>(() => Promise.reject(new Error('fetchLive is provided by the app'))),
    /** Resolves with the built-in sample stories, loaded on demand. */
    loadSamples: fromPromise<Story[]>(() => Promise.reject(new Error('loadSamples is provided by the app'))),
  },
  guards: {
    answerHasStories: (_, { answer }: { answer: unknown }) => readAnswer(answer).stories.length > 0,
  },
  actions: {
    acceptLive: assign((_, { answer }: { answer: unknown }) => {
      const { stories, dropped } = readAnswer(answer);
      return { stories, dropped: dropped.length, problem: null };
    }),
    acceptSamples: assign((_, { stories }: { stories: Story[] }) => ({ stories })),
    noteEmpty: assign({ problem: 'The live feed returned no stories' }),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ problem: describe(error) })),
    noteTimeout: assign({ problem: `No answer within ${FEED_TIMING.fetchTimeout / 1000} s` }),
    reset: assign(() => emptyContext),
  },
  delays: {
    fetchTimeout: FEED_TIMING.fetchTimeout,
    retryDelay: FEED_TIMING.retryDelay,
    staleAfter: FEED_TIMING.staleAfter,
    refetchAfterStale: FEED_TIMING.refetchInterval - FEED_TIMING.staleAfter,
    refetchInterval: FEED_TIMING.refetchInterval,
  },
}).createMachine({
  id: 'feed',
  context: emptyContext,
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      ...fetchWithRetry({ target: '#feed.live', actions: acceptLive }, { target: '#feed.loadingSamples' }, { target: '#feed.loadingSamples' }),
    },
    loadingSamples: {
      tags: ['loading'],
      invoke: {
        id: 'loadSamples',
        src: 'loadSamples',
        onDone: { target: 'fallback', actions: { type: 'acceptSamples', params: ({ event }) => ({ stories: event.output }) } },
        onError: { target: 'error', actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    live: { tags: ['live'], ...refreshCycle('live') },
    fallback: { tags: ['demo'], ...refreshCycle('fallback') },
    error: {
      tags: ['error'],
      on: { 'feed.retry': { target: 'loading', actions: 'reset' } },
    },
  },
});
