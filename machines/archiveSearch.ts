import { assign, fromPromise, setup } from 'xstate';
import { CALL_TIMEOUT_MS, type Story } from '../src/domain/story.ts';

/**
 * "Search the last 30 days" (docs/product.md#the-last-30-days): the section "From the last 30
 * days" below the page's own search results.
 *
 * The URL says whether the section shows (`archive=1` with its query): the page sends
 * archive.search with the URL's query when it does, archive.hide when it does not.
 * hidden --archive.search--> searching --done--> answered | failed (the call failed or had no
 * answer within 10 s: "Could not search older stories", "Try again" sends archive.retry).
 * A search for the query already shown asks nothing again. Text typed that differs from the
 * query shown (archive.typed) hides the section at once, as archive.hide does from any state;
 * a call still running is cancelled, so its answer never shows. The machine holds the raw
 * matches; the page shows those not already on it, or "Nothing older matches" when none are left.
 */

export interface ArchiveSearchContext {
  /** The query searched (trimmed); "" before the first search. */
  query: string;
  /** The matches of the last answer, ranked as answered; [] unless answered. */
  matches: Story[];
}

export type ArchiveSearchEvent =
  /** The URL carries `archive=1` with this query. */
  | { type: 'archive.search'; query: string }
  /** "Try again" after a failure: the same query. */
  | { type: 'archive.retry' }
  /** The URL carries no `archive=1`. */
  | { type: 'archive.hide' }
  /** The visitor typed into the search box. */
  | { type: 'archive.typed'; text: string };

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
    hasText: (_, { query }: { query: string }) => query.trim() !== '',
    /** A query other than the one shown, and not blank. */
    isAnotherQuery: ({ context }, { query }: { query: string }) => query.trim() !== '' && query.trim() !== context.query,
    differsFromQuery: ({ context }, { text }: { text: string }) => text.trim() !== context.query,
  },
  actions: {
    takeQuery: assign((_, { query }: { query: string }) => ({ query: query.trim(), matches: [] })),
    keepMatches: assign((_, { matches }: { matches: Story[] }) => ({ matches })),
    forgetMatches: assign({ matches: [] }),
  },
  delays: {
    timeout: CALL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'archiveSearch',
  context: { query: '', matches: [] },
  initial: 'hidden',
  on: {
    'archive.hide': { target: '.hidden', actions: 'forgetMatches' },
  },
  states: {
    /** No section; the button shows while the search box holds text. */
    hidden: {
      on: {
        'archive.search': {
          guard: { type: 'hasText', params: ({ event }) => event },
          target: 'shown',
          actions: { type: 'takeQuery', params: ({ event }) => event },
        },
      },
    },
    /** The section shows, for `query`. */
    shown: {
      tags: ['shown'],
      on: {
        'archive.search': {
          guard: { type: 'isAnotherQuery', params: ({ event }) => event },
          target: '.searching',
          reenter: true,
          actions: { type: 'takeQuery', params: ({ event }) => event },
        },
        'archive.typed': { guard: { type: 'differsFromQuery', params: ({ event }) => event }, target: 'hidden', actions: 'forgetMatches' },
      },
      initial: 'searching',
      states: {
        searching: {
          tags: ['searching'],
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
          tags: ['answered'],
        },
        /** "Could not search older stories" with "Try again". */
        failed: {
          tags: ['failed'],
          on: { 'archive.retry': { target: 'searching' } },
        },
      },
    },
  },
});
