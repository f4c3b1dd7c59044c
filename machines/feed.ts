import { assign, fromPromise, sendTo, setup } from 'xstate';
import { reportTo, type Reporting } from './report.ts';
import type { KeptStories } from '../src/domain/kept-feed.ts';
import { CALL_TIMEOUT_MS, type Story, type FeedPage } from '../src/domain/story.ts';

/**
 * The news feed (docs/product.md#loading-failure-retry-and-fallback, #refetch-and-freshness).
 *
 * One `call` (the live call, tried again once about 1 s after a failure), one `loadingSamples`,
 * one `showing` (fresh, then stale; a held-back answer), and `error`. What is on screen and
 * where it came from is context (`source`), so the call and the freshness cycle are written
 * once for live, kept and sample stories; guards on `source` pick the few outcomes that differ.
 */

/** What this visitor's browser kept, which the page tells the feed as it starts (`feed.visitor`). */
export interface FeedInput {
  /** Stories kept by an earlier visit (src/domain/kept-feed.ts); null when nothing usable is kept: the first load shows skeletons. */
  kept: KeptStories | null;
  /** The previous visit's time (ms), read as the page opened; null on a first visit. */
  lastVisit: number | null;
}

/**
 * Where the stories on screen come from: null while none are (skeletons, or the error screen);
 * 'kept' for stories kept by an earlier visit while the live call runs or its answer waits;
 * 'offline' for those stories once the live call has failed (the offline notice).
 */
export type FeedSource = 'live' | 'kept' | 'offline' | 'samples' | null;

/** What the page shows of the feed: `kept`, stories kept by an earlier visit while the live call runs; `offline`, they stay after it failed. */
export type FeedStatus = 'loading' | 'live' | 'kept' | 'offline' | 'demo' | 'error';

export interface FeedContext extends Reporting {
  stories: Story[];
  /** The live first page's cursor; null for kept or sample stories. */
  next: string | null;
  source: FeedSource;
  /** While kept stories are shown: when they were kept (ISO); null otherwise. */
  keptAt: string | null;
  /** A live answer held back while the visitor reads the kept stories, and its cursor. */
  incoming: Story[];
  incomingNext: string | null;
  /** Failed attempts of the current call. */
  failures: number;
  /** The previous visit's time: live stories published after it are new (docs/product.md#new-since-your-last-visit). */
  lastVisit: number | null;
}

export type FeedEvent =
  /** What this visitor's browser kept, as the page starts (machines/page.ts). */
  | ({ type: 'feed.visitor' } & FeedInput)
  | { type: 'feed.retry' }
  | { type: 'feed.visible' }
  | { type: 'feed.focus' }
  /** The visitor asks for the held-back live answer ("Show latest stories"). */
  | { type: 'feed.showNew' };

/** What the feed tells the page (machines/page.ts): each first page it shows, by its cursor, for the older pages (machines/olderStories.ts). */
export type FeedReport = { type: 'feed.firstPage'; next: string | null };

/** One retry after a failed call (docs/product.md#loading-failure-retry-and-fallback). */
const RETRIES = 1;

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    // `| void`: Stately's tools and the machine's own tests start it with no input (setup drops an `| undefined`).
    input: {} as Reporting | void,
  },
  actors: {
    /** Injected: the live call, resolving with its validated stories; rejects when the call fails. */
    fetchStories: fromPromise<FeedPage>(() => Promise.reject(new Error('fetchStories is provided by the app'))),
    /** Injected: resolves with the built-in sample stories, loaded on demand. */
    loadSamples: fromPromise<Story[]>(() => Promise.reject(new Error('loadSamples is provided by the app'))),
  },
  guards: {
    hasNoStories: (_, { page }: { page: FeedPage }) => page.stories.length === 0,
    canRetry: ({ context }) => context.failures < RETRIES,
    showsNothing: ({ context }) => context.source === null,
    hasKept: (_, { kept }: { kept: KeptStories | null }) => kept !== null,
    showsLive: ({ context }) => context.source === 'live',
    showsKept: ({ context }) => context.source === 'kept' || context.source === 'offline',
    showsSamples: ({ context }) => context.source === 'samples',
    /** Injected: whether the visitor is reading (the page scrolled, or focus in the stories). */
    isReading: () => false,
  },
  actions: {
    startCall: assign({ failures: 0 }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    showLive: assign((_, { page }: { page: FeedPage }) => ({ stories: page.stories, next: page.next, source: 'live' as const, keptAt: null })),
    holdBack: assign((_, { page }: { page: FeedPage }) => ({ incoming: page.stories, incomingNext: page.next, source: 'kept' as const })),
    showHeldBack: assign(({ context }) => ({
      stories: context.incoming,
      next: context.incomingNext,
      source: 'live' as const,
      keptAt: null,
      incoming: [],
      incomingNext: null,
    })),
    showKept: assign((_, { kept }: { kept: KeptStories }) => ({ stories: kept.stories, source: 'kept' as const, keptAt: kept.savedAt })),
    noteLastVisit: assign((_, { lastVisit }: { lastVisit: number | null }) => ({ lastVisit })),
    showSamples: assign((_, { stories }: { stories: Story[] }) => ({ stories, next: null, source: 'samples' as const, keptAt: null })),
    /** The live feed answered with no stories: kept stories give way, and the samples load with nothing shown. */
    showNothing: assign({ stories: [], next: null, source: null, keptAt: null }),
    markOffline: assign({ source: 'offline' as const }),
    /** The older pages follow the first page shown. */
    tellFirstPage: sendTo(reportTo<FeedContext>, ({ context }): FeedReport => ({ type: 'feed.firstPage', next: context.next })),
    /** Injected: keeps a live answer's stories for the next visit; must not throw. */
    keepForNextVisit: (_, _params: { stories: Story[] }) => {},
  },
  // docs/product.md#timings-and-constants: each attempt has 10 s, the retry follows 1 s after a
  // failure; shown data is stale after 5 minutes and refetched 10 minutes after it arrived.
  delays: {
    timeout: CALL_TIMEOUT_MS,
    retryDelay: 1_000,
    staleAfter: 5 * 60_000,
    refetchAfterStale: 5 * 60_000,
    refetchInterval: 10 * 60_000,
  },
}).createMachine({
  id: 'feed',
  // Nothing shown yet: the skeletons, as the HTML's frame draws them.
  context: ({ input }) => ({ stories: [], next: null, source: null, keptAt: null, incoming: [], incomingNext: null, failures: 0, lastVisit: null, reportTo: input?.reportTo }),
  initial: 'starting',
  states: {
    /** The frame: the page tells what the browser kept as it starts, and the live call begins over it. */
    starting: {
      on: {
        'feed.visitor': [
          {
            guard: { type: 'hasKept', params: ({ event }) => event },
            target: 'call',
            // The guard has checked it: stories kept.
            actions: [{ type: 'showKept', params: ({ event }) => ({ kept: event.kept as KeptStories }) }, { type: 'noteLastVisit', params: ({ event }) => event }],
          },
          { target: 'call', actions: { type: 'noteLastVisit', params: ({ event }) => event } },
        ],
      },
    },
    /** The live call, over whatever is shown (nothing at first: the skeletons). */
    call: {
      entry: 'startCall',
      initial: 'attempt',
      states: {
        attempt: {
          invoke: {
            id: 'fetchStories',
            src: 'fetchStories',
            onDone: [
              { guard: { type: 'hasNoStories', params: ({ event }) => ({ page: event.output }) }, target: 'noStories' },
              {
                guard: 'showsKept',
                target: 'overKept',
                actions: [
                  { type: 'holdBack', params: ({ event }) => ({ page: event.output }) },
                  { type: 'keepForNextVisit', params: ({ event }) => ({ stories: event.output.stories }) },
                ],
              },
              {
                target: '#feed.showing',
                actions: [
                  { type: 'showLive', params: ({ event }) => ({ page: event.output }) },
                  'tellFirstPage',
                  { type: 'keepForNextVisit', params: ({ event }) => ({ stories: event.output.stories }) },
                ],
              },
            ],
            onError: { target: 'failed' },
          },
          // No answer in time is a failure; leaving the state aborts the call.
          after: { timeout: { target: 'failed' } },
        },
        failed: {
          always: [
            { guard: 'canRetry', target: 'backoff', actions: 'countFailure' },
            { guard: 'showsNothing', target: '#feed.loadingSamples' },
            { guard: 'showsKept', target: '#feed.showing.stale.retryLater', actions: 'markOffline' },
            // A failed refetch keeps what is shown; the next one is a full interval away.
            { target: '#feed.showing.stale.retryLater' },
          ],
        },
        backoff: {
          after: { retryDelay: { target: 'attempt' } },
        },
        /** An answer with no stories: the samples, at once, with no retry (only a failure keeps kept stories). */
        noStories: {
          always: [
            // The samples are shown already: they stay, fresh again.
            { guard: 'showsSamples', target: '#feed.showing' },
            // Live stories stay on screen while the samples load.
            { guard: 'showsLive', target: '#feed.loadingSamples' },
            { target: '#feed.loadingSamples', actions: ['showNothing', 'tellFirstPage'] },
          ],
        },
        /** A live answer over kept stories replaces them at once, unless the visitor is reading: then it waits. */
        overKept: {
          always: [{ guard: 'isReading', target: '#feed.showing.held' }, { target: '#feed.showing', actions: ['showHeldBack', 'tellFirstPage'] }],
        },
      },
    },
    loadingSamples: {
      invoke: {
        id: 'loadSamples',
        src: 'loadSamples',
        onDone: { target: 'showing', actions: [{ type: 'showSamples', params: ({ event }) => ({ stories: event.output }) }, 'tellFirstPage'] },
        // Live stories stay when the samples cannot replace them; with nothing shown, nothing is left.
        onError: [{ guard: 'showsLive', target: '#feed.showing.stale.retryLater' }, { target: 'error' }],
      },
    },
    showing: {
      initial: 'fresh',
      states: {
        fresh: {
          after: { staleAfter: { target: 'stale' } },
        },
        stale: {
          on: { 'feed.visible': { target: '#feed.call' }, 'feed.focus': { target: '#feed.call' } },
          initial: 'untilRefetch',
          states: {
            untilRefetch: {
              after: { refetchAfterStale: { target: '#feed.call' } },
            },
            /** The last call failed: the next periodic one is a full interval away. */
            retryLater: {
              after: { refetchInterval: { target: '#feed.call' } },
            },
          },
        },
        /** A live answer waits behind the kept stories until the visitor asks for it. */
        held: {
          tags: ['newStories'],
          on: { 'feed.showNew': { target: 'fresh', actions: ['showHeldBack', 'tellFirstPage'] } },
        },
      },
    },
    error: {
      tags: ['error'],
      on: { 'feed.retry': { target: 'call' } },
    },
  },
});
