import { assign, fromPromise, setup } from 'xstate';
import { CALL_TIMEOUT_MS, type Story, type StoryPage } from '../src/domain/story.ts';

/**
 * "Show older stories" (docs/product.md#older-stories): the pages older than the feed's first
 * page, loaded one at a time with `?before=<cursor>` and appended.
 *
 * starting -> idle (a `next` cursor: the button shows) | exhausted (none: no button).
 * idle --older.load--> loading --done--> idle | exhausted; a failure or no answer within 10 s
 * -> failed ("Could not load older stories", "Try again" sends older.retry), keeping what is shown.
 * The feed tells it each first page it shows (older.firstPage): its ids, so that an older story
 * now on the first page is shown once (storiesShown), and its cursor, which counts only while
 * nothing older has been loaded (cursors are keyset: loaded pages stay valid).
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
  /** The ids of the first page shown. */
  firstPage: string[];
}

export type OlderStoriesEvent =
  | { type: 'older.load' }
  | { type: 'older.retry' }
  /** The feed showed a new first page: its `next` and its stories' ids. */
  | { type: 'older.firstPage'; next: string | null; ids: string[] };

/** The older stories to show after the first page: those it does not hold itself. */
export function storiesShown(context: OlderStoriesContext): Story[] {
  if (context.firstPage.length === 0) return context.stories;
  const onFirstPage = new Set(context.firstPage);
  return context.stories.filter((story) => !onFirstPage.has(story.id));
}

export const olderStoriesMachine = setup({
  types: {
    context: {} as OlderStoriesContext,
    events: {} as OlderStoriesEvent,
    input: {} as OlderStoriesInput,
  },
  actors: {
    /** Injected: one older page (`?before=`); rejects when the call fails. */
    fetchOlder: fromPromise<StoryPage, { before: string }>(() => Promise.reject(new Error('fetchOlder is provided by the app'))),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    /** Nothing older is loaded yet: a new first page's cursor counts. */
    nothingLoaded: ({ context }) => context.stories.length === 0,
    nothingLoadedAndHasNext: ({ context }, { next }: { next: string | null }) => context.stories.length === 0 && next !== null,
  },
  actions: {
    takeFirstPage: assign((_, { next, ids }: { next: string | null; ids: string[] }) => ({ next, firstPage: ids })),
    noteFirstPage: assign((_, { ids }: { ids: string[] }) => ({ firstPage: ids })),
    /** Appends the page's stories not already held (and each once), then takes its cursor. */
    appendPage: assign(({ context }, { page }: { page: StoryPage }) => {
      const ids = new Set(context.stories.map((story) => story.id));
      const added: Story[] = [];
      for (const story of page.stories) {
        if (ids.has(story.id)) continue;
        ids.add(story.id);
        added.push(story);
      }
      return { stories: added.length > 0 ? [...context.stories, ...added] : context.stories, next: page.next };
    }),
  },
  delays: {
    timeout: CALL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'olderStories',
  // `input?.`: Stately's visualizer starts the machine with no input at all.
  context: ({ input }) => ({ next: input?.next ?? null, stories: [], firstPage: [] }),
  initial: 'starting',
  // In every state but loading (below): a first page's cursor counts while nothing older is loaded; its ids always.
  on: {
    'older.firstPage': [
      { guard: 'nothingLoaded', target: '.starting', actions: { type: 'takeFirstPage', params: ({ event }) => event } },
      { actions: { type: 'noteFirstPage', params: ({ event }) => event } },
    ],
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
          { actions: { type: 'noteFirstPage', params: ({ event }) => event } },
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
