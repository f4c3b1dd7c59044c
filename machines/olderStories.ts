import { assign, fromPromise, setup } from 'xstate';
import { idsOf, notShown } from '../src/domain/page-list.ts';
import { CALL_TIMEOUT_MS, type Story, type FeedPage } from '../src/domain/story.ts';

/**
 * "Show older stories" (docs/product.md#older-stories): the pages older than the feed's first
 * page, loaded one at a time with `?before=<cursor>` and appended.
 *
 * starting -> idle (a `next` cursor: the button shows) | exhausted (none: no button).
 * idle --older.load--> loading --done--> idle | exhausted; a failure or no answer within 10 s
 * -> failed ("Could not load older stories", "Try again" sends older.retry), keeping what is shown.
 * The page tells it each first page the feed shows (older.firstPage): its cursor, which counts
 * only while nothing older has been loaded (cursors are keyset: loaded pages stay valid). Which
 * of these stories the page shows is the page's list to say (src/domain/page-list.ts).
 */

export interface OlderStoriesInput {
  /** The first page's `next`; null when the answer had none. */
  next: string | null;
}

export interface OlderStoriesContext {
  /** The cursor of the next older page; null when there is none. */
  next: string | null;
  /** Every older story loaded, oldest page last, each id once. */
  stories: Story[];
}

export type OlderStoriesEvent =
  | { type: 'older.load' }
  | { type: 'older.retry' }
  /** The feed showed a new first page: its `next`. */
  | { type: 'older.firstPage'; next: string | null };

export const olderStoriesMachine = setup({
  types: {
    context: {} as OlderStoriesContext,
    events: {} as OlderStoriesEvent,
    input: {} as OlderStoriesInput,
  },
  actors: {
    /** Injected: one older page (`?before=`); rejects when the call fails. */
    fetchOlder: fromPromise<FeedPage, { before: string }>(() => Promise.reject(new Error('fetchOlder is provided by the app'))),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    /** Nothing older is loaded yet: a new first page's cursor counts. */
    nothingLoaded: ({ context }) => context.stories.length === 0,
    nothingLoadedAndHasNext: ({ context }, { next }: { next: string | null }) => context.stories.length === 0 && next !== null,
  },
  actions: {
    takeFirstPage: assign((_, { next }: { next: string | null }) => ({ next })),
    /** Appends the page's stories not already held (and each once), then takes its cursor. */
    appendPage: assign(({ context }, { page }: { page: FeedPage }) => {
      const added = notShown(page.stories, idsOf(context.stories));
      return { stories: added.length > 0 ? [...context.stories, ...added] : context.stories, next: page.next };
    }),
  },
  delays: {
    timeout: CALL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'olderStories',
  // `input?.`: Stately's visualizer starts the machine with no input at all.
  context: ({ input }) => ({ next: input?.next ?? null, stories: [] }),
  initial: 'starting',
  // In every state but loading (below): a first page's cursor counts while nothing older is loaded.
  on: {
    'older.firstPage': { guard: 'nothingLoaded', target: '.starting', actions: { type: 'takeFirstPage', params: ({ event }) => event } },
  },
  states: {
    starting: {
      always: [{ guard: 'hasNext', target: 'idle' }, { target: 'exhausted' }],
    },
    /** "Show older stories" shows. */
    idle: {
      tags: ['canLoad'],
      on: { 'older.load': { target: 'loading' } },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchOlder',
        src: 'fetchOlder',
        // Only idle and failed lead here, and both hold a cursor (a first page without one goes to exhausted).
        input: ({ context }) => ({ before: context.next as string }),
        onDone: { target: 'starting', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed' },
      },
      after: { timeout: { target: 'failed' } },
      on: {
        // The first older page, asked for from the replaced first page: ask again from the new one.
        'older.firstPage': [
          {
            guard: { type: 'nothingLoadedAndHasNext', params: ({ event }) => ({ next: event.next }) },
            target: 'loading',
            reenter: true,
            actions: { type: 'takeFirstPage', params: ({ event }) => event },
          },
          { guard: 'nothingLoaded', target: 'starting', actions: { type: 'takeFirstPage', params: ({ event }) => event } },
        ],
      },
    },
    /** "Could not load older stories" with "Try again"; what is shown stays. */
    failed: {
      tags: ['failed'],
      on: { 'older.retry': { target: 'loading' } },
    },
    /** Nothing older: no button. */
    exhausted: {},
  },
});
