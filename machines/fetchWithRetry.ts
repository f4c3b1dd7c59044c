import { assign, fromPromise, setup } from 'xstate';
import type { Story } from '../src/domain/story.ts';

/**
 * One live feed call with one retry (docs/product.md#loading-failure-retry-and-fallback):
 * a call that fails or has no answer within 10 s is tried again about 1 s later, once.
 * An answer with no valid stories is final at once: there is no retry for "nothing to show".
 * The feed machine invokes this where it loads and where it refreshes.
 */

/** How the call ended; `stories` is empty unless `result` is 'stories'. */
export interface FetchOutcome {
  result: 'stories' | 'empty' | 'failed';
  stories: Story[];
}

/** A call with no answer within this time is a failure (docs/product.md#timings-and-constants). */
export const FETCH_TIMEOUT_MS = 10_000;

export const fetchWithRetryMachine = setup({
  types: {
    context: {} as { stories: Story[] },
    output: {} as FetchOutcome,
  },
  actors: {
    /** Injected: the live call, resolving with the stories that passed validation; rejects when the call fails. */
    fetchStories: fromPromise<Story[]>(() => Promise.reject(new Error('fetchStories is provided by the app'))),
  },
  actions: {
    keepStories: assign((_, { stories }: { stories: Story[] }) => ({ stories })),
  },
  guards: {
    hasStories: (_, { stories }: { stories: Story[] }) => stories.length > 0,
  },
  delays: {
    timeout: FETCH_TIMEOUT_MS,
    retryDelay: 1_000,
  },
}).createMachine({
  id: 'fetchWithRetry',
  context: { stories: [] },
  initial: 'attempt',
  states: {
    attempt: {
      invoke: {
        id: 'fetchStories',
        src: 'fetchStories',
        onDone: [
          {
            guard: { type: 'hasStories', params: ({ event }) => ({ stories: event.output }) },
            target: 'gotStories',
            actions: { type: 'keepStories', params: ({ event }) => ({ stories: event.output }) },
          },
          { target: 'empty' },
        ],
        onError: { target: 'backoff' },
      },
      after: { timeout: { target: 'backoff' } },
    },
    backoff: {
      after: { retryDelay: { target: 'retry' } },
    },
    retry: {
      invoke: {
        id: 'fetchStories',
        src: 'fetchStories',
        onDone: [
          {
            guard: { type: 'hasStories', params: ({ event }) => ({ stories: event.output }) },
            target: 'gotStories',
            actions: { type: 'keepStories', params: ({ event }) => ({ stories: event.output }) },
          },
          { target: 'empty' },
        ],
        onError: { target: 'failed' },
      },
      after: { timeout: { target: 'failed' } },
    },
    gotStories: {
      type: 'final',
      output: ({ context }) => ({ result: 'stories', stories: context.stories }),
    },
    empty: {
      type: 'final',
      output: () => ({ result: 'empty', stories: [] }),
    },
    failed: {
      type: 'final',
      output: () => ({ result: 'failed', stories: [] }),
    },
  },
  // The machine's output is the output of the final state it reached.
  output: ({ event }) => event.output as FetchOutcome,
});
