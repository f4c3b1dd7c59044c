import { assign, fromPromise, setup } from 'xstate';
import { CALL_TIMEOUT_MS, type Story, type StoryCoverage } from '../src/domain/story.ts';

/**
 * A story's page (docs/product.md#a-page-for-each-story): its call, `?story=<id>`.
 * idle --story.open--> loading, then:
 * - loaded: the coverage (the story that leads the id's group, and every report);
 * - gone: the store does not have the id (404): "This story is no longer available";
 * - failed: a 5xx, an answer that is not a story, or no answer within 10 s: "This story could
 *   not load", with "Try again";
 * - offline: the request got no answer at all (no connection, the function out of reach): what
 *   the browser keeps of the story (a saved or followed copy, given with story.open) with the
 *   offline notice, or, when it keeps nothing, that the story needs a connection; with "Try again".
 * story.retry asks again from failed or offline; story.open (another story, or the same one
 * again) starts over; story.close (the page left) goes back to idle, its call cancelled.
 */

/** How the call ended, as the app's effect tells it: the validated coverage, the store's 404, or no answer at all. Anything else rejects. */
export type StoryOutcome = { kind: 'found'; coverage: StoryCoverage } | { kind: 'gone' | 'offline'; coverage: null };

export interface StoryPageContext {
  /** The story asked for; "" before the first. */
  id: string;
  /** What the browser keeps of it (a saved or followed copy), or null. */
  kept: Story | null;
  /** The coverage the call answered; null until then. */
  coverage: StoryCoverage | null;
}

export type StoryPageEvent =
  /** The page of the story `id` shows (a link, a first visit, Back). */
  | { type: 'story.open'; id: string; kept: Story | null }
  /** "Try again". */
  | { type: 'story.retry' }
  /** The page is left. */
  | { type: 'story.close' };

export const storyPageMachine = setup({
  types: {
    context: {} as StoryPageContext,
    events: {} as StoryPageEvent,
  },
  actors: {
    /** Injected: the `?story=` call (or the built-in samples, with no call), resolving with how it ended; rejects when it failed. */
    fetchStory: fromPromise<StoryOutcome, { id: string }>(() => Promise.reject(new Error('fetchStory is provided by the app'))),
  },
  guards: {
    isFound: (_, { outcome }: { outcome: StoryOutcome }) => outcome.kind === 'found',
    isGone: (_, { outcome }: { outcome: StoryOutcome }) => outcome.kind === 'gone',
  },
  actions: {
    takeStory: assign((_, { id, kept }: { id: string; kept: Story | null }) => ({ id, kept, coverage: null })),
    keepCoverage: assign((_, { outcome }: { outcome: StoryOutcome }) => ({ coverage: outcome.coverage })),
  },
  delays: {
    timeout: CALL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'storyPage',
  context: { id: '', kept: null, coverage: null },
  initial: 'idle',
  on: {
    'story.open': { target: '.loading', reenter: true, actions: { type: 'takeStory', params: ({ event }) => event } },
    'story.close': { target: '.idle' },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchStory',
        src: 'fetchStory',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: { type: 'isFound', params: ({ event }) => ({ outcome: event.output }) }, target: 'loaded', actions: { type: 'keepCoverage', params: ({ event }) => ({ outcome: event.output }) } },
          { guard: { type: 'isGone', params: ({ event }) => ({ outcome: event.output }) }, target: 'gone' },
          { target: 'offline' },
        ],
        onError: { target: 'failed' },
      },
      after: { timeout: { target: 'failed' } },
    },
    loaded: {
      tags: ['loaded'],
    },
    /** "This story is no longer available": stories are kept for 30 days. */
    gone: {
      tags: ['gone'],
    },
    /** "This story could not load", with "Try again". */
    failed: {
      tags: ['failed'],
      on: { 'story.retry': { target: 'loading' } },
    },
    /** No connection: the kept copy with the offline notice, or "needs a connection"; with "Try again". */
    offline: {
      tags: ['offline'],
      on: { 'story.retry': { target: 'loading' } },
    },
  },
});
