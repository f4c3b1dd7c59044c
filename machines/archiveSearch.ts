import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Story } from '../src/domain/story.ts';

/**
 * "Search the last 30 days" (docs/product.md#the-last-30-days): the section "From the last 30
 * days" below the page's own search results.
 *
 * hidden --archive.search--> searching --done--> answered | failed (the call failed or had no
 * answer within 10 s: "Could not search older stories", "Try again" sends archive.retry with the
 * same query). archive.hide (the visitor typed a new query) hides the section from any state;
 * a call still running is cancelled, so its answer never shows. The machine holds the raw
 * matches; the page shows those not already on it (src/domain/story-lists.ts), or "Nothing older
 * matches" when none are left.
 */

export interface ArchiveSearchContext {
  /** The query searched (trimmed); "" before the first search. */
  query: string;
  /** The matches of the last answer, ranked as answered; [] unless answered. */
  matches: Story[];
}

export type ArchiveSearchEvent =
  /** "Search the last 30 days" pressed (or the URL carried `archive=1`), with the search box's text. */
  | { type: 'archive.search'; query: string }
  /** "Try again" after a failure: the same query. */
  | { type: 'archive.retry' }
  /** The visitor typed a new query: the section goes until the button is pressed again. */
  | { type: 'archive.hide' };

/** A search with no answer within this time counts as failed (docs/product.md#timings-and-constants). */
export const ARCHIVE_SEARCH_TIMEOUT_MS = 10_000;

export const archiveSearchMachine = setup({
  types: {
    context: {} as ArchiveSearchContext,
    events: {} as ArchiveSearchEvent,
  },
  actors: {
    /** Injected: the `?q=` call, resolving with its validated stories (up to 50); rejects when the call fails. */
    searchArchive: fromPromise<Story[], { query: string }>(() => Promise.reject(new Error('searchArchive is provided by the app'))),
  },
  guards: {
    /** Only text is searched: a blank query asks for nothing. */
    hasText: ({ event }) => event.type === 'archive.search' && event.query.trim() !== '',
  },
  actions: {
    takeQuery: assign(({ event }) => {
      assertEvent(event, 'archive.search');
      return { query: event.query.trim(), matches: [] };
    }),
    keepMatches: assign((_, { matches }: { matches: Story[] }) => ({ matches })),
    forgetMatches: assign({ matches: [] }),
  },
  delays: {
    timeout: ARCHIVE_SEARCH_TIMEOUT_MS,
  },
}).createMachine({
  id: 'archiveSearch',
  context: { query: '', matches: [] },
  initial: 'hidden',
  on: {
    'archive.search': { guard: 'hasText', target: '.searching', reenter: true, actions: 'takeQuery' },
    'archive.hide': { target: '.hidden', actions: 'forgetMatches' },
  },
  states: {
    /** No section; the button shows while the search box holds text. */
    hidden: {},
    searching: {
      tags: ['shown', 'searching'],
      invoke: {
        id: 'searchArchive',
        src: 'searchArchive',
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: 'answered', actions: { type: 'keepMatches', params: ({ event }) => ({ matches: event.output }) } },
        onError: { target: 'failed' },
      },
      after: { timeout: { target: 'failed' } },
    },
    /** "From the last 30 days": the matches not on the page, or "Nothing older matches". */
    answered: {
      tags: ['shown', 'answered'],
    },
    /** "Could not search older stories" with "Try again". */
    failed: {
      tags: ['shown', 'failed'],
      on: { 'archive.retry': { target: 'searching' } },
    },
  },
});
