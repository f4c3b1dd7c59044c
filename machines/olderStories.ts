import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Story } from '../src/domain/story.ts';

/**
 * "Show older stories" (docs/product.md#older-stories): the pages older than the feed's first
 * page, loaded one at a time with `?before=<cursor>` and appended.
 *
 * starting -> idle (a `next` cursor: the button shows) | exhausted (none: no button).
 * idle --older.load--> loading --done--> idle | exhausted; a failure or no answer within 10 s
 * -> failed ("Could not load older stories", "Try again" sends older.retry), keeping what is shown.
 * When the feed's first page is replaced (older.firstPage), its cursor counts only while nothing
 * older has been loaded: cursors are keyset (published_at, id), so loaded pages stay valid.
 */

/** One older page as the app's fetch module answers it (validated stories; null: nothing older). */
export interface OlderPage {
  stories: Story[];
  next: string | null;
}

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
  /** The feed showed a new first page (a refresh): its `next`. */
  | { type: 'older.firstPage'; next: string | null };

/** A page with no answer within this time counts as failed (docs/product.md#timings-and-constants). */
export const OLDER_PAGE_TIMEOUT_MS = 10_000;

export const olderStoriesMachine = setup({
  types: {
    context: {} as OlderStoriesContext,
    events: {} as OlderStoriesEvent,
    input: {} as OlderStoriesInput,
  },
  actors: {
    /** Injected: one older page (`?before=`); rejects when the call fails. */
    fetchOlder: fromPromise<OlderPage, { before: string }>(() => Promise.reject(new Error('fetchOlder is provided by the app'))),
  },
  guards: {
    hasNext: ({ context }) => context.next !== null,
    /** The event's first page counts: nothing older is loaded yet. */
    takesFirstPage: ({ context, event }) => event.type === 'older.firstPage' && context.stories.length === 0,
    takesFirstPageWithNext: ({ context, event }) => event.type === 'older.firstPage' && context.stories.length === 0 && event.next !== null,
  },
  actions: {
    takeFirstPage: assign(({ event }) => {
      assertEvent(event, 'older.firstPage');
      return { next: event.next };
    }),
    /** Appends the page's stories not already held (and each once), then takes its cursor. */
    appendPage: assign((_, { page, held }: { page: OlderPage; held: Story[] }) => {
      const ids = new Set(held.map((story) => story.id));
      const added: Story[] = [];
      for (const story of page.stories) {
        if (ids.has(story.id)) continue;
        ids.add(story.id);
        added.push(story);
      }
      return { stories: added.length > 0 ? [...held, ...added] : held, next: page.next };
    }),
  },
  delays: {
    timeout: OLDER_PAGE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'olderStories',
  // `input?.`: Stately's visualizer starts the machine with no input at all.
  context: ({ input }) => ({ next: input?.next ?? null, stories: [] }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasNext', target: 'idle' }, { target: 'exhausted' }],
    },
    /** "Show older stories" shows. */
    idle: {
      tags: ['canLoad'],
      on: {
        'older.load': { target: 'loading' },
        'older.firstPage': { guard: 'takesFirstPage', target: 'starting', actions: 'takeFirstPage' },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchOlder',
        src: 'fetchOlder',
        // Only idle and failed lead here, and both hold a cursor (a first page without one goes to exhausted).
        input: ({ context }) => ({ before: context.next as string }),
        onDone: {
          target: 'starting',
          actions: { type: 'appendPage', params: ({ context, event }) => ({ page: event.output, held: context.stories }) },
        },
        onError: { target: 'failed' },
      },
      after: { timeout: { target: 'failed' } },
      on: {
        // The first older page, asked for from the replaced first page: ask again from the new one.
        'older.firstPage': [
          { guard: 'takesFirstPageWithNext', target: 'loading', reenter: true, actions: 'takeFirstPage' },
          { guard: 'takesFirstPage', target: 'starting', actions: 'takeFirstPage' },
        ],
      },
    },
    /** "Could not load older stories" with "Try again"; what is shown stays. */
    failed: {
      tags: ['failed'],
      on: {
        'older.retry': { target: 'loading' },
        'older.firstPage': { guard: 'takesFirstPage', target: 'starting', actions: 'takeFirstPage' },
      },
    },
    /** Nothing older: no button. */
    exhausted: {
      on: {
        'older.firstPage': { guard: 'takesFirstPage', target: 'starting', actions: 'takeFirstPage' },
      },
    },
  },
});
