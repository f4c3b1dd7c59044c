import { assign, sendTo, setup } from 'xstate';
import { reportTo, type Reporting } from './report.ts';

/**
 * The search box (docs/product.md#search-categories-and-the-url): the text it shows, which the
 * stories follow at every key. The URL holds the query; the page writes it (machines/page.ts).
 *
 * idle: the text is the URL's query. search.type -> typing: once typing pauses for 300 ms the
 * text is committed (`search.committed` to the page, which writes it into the URL) -> idle. The
 * box's clear button, and search.flush (the page about to reload itself), commit at once. The URL
 * changed by anything else (Back, Forward, "Clear filters"): search.reset puts its query in the
 * box and drops a pending commit. Nothing else changes the text, so a key typed at any moment
 * stays in the box.
 */

export interface SearchContext extends Reporting {
  /** What the box shows. */
  text: string;
}

export type SearchEvent =
  /** The visitor edited the box. */
  | { type: 'search.type'; text: string }
  /** The box's clear button. */
  | { type: 'search.clear' }
  /** The URL's query changed elsewhere (Back, Forward, "Clear filters"): the box shows it. */
  | { type: 'search.reset'; query: string }
  /** Commit what is typed now, without the pause: the page is about to reload itself. */
  | { type: 'search.flush' };

/** What the search box tells the page (machines/page.ts). */
export type SearchReport =
  /** The text at every key: "From the last 30 days" goes while it is not its query (machines/archiveSearch.ts). */
  | { type: 'search.typed'; text: string }
  /** The text to put in the URL's query. */
  | { type: 'search.committed'; query: string };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    // `| void`: Stately's tools and the machine's own tests start it with no input (setup drops an `| undefined`).
    input: {} as Reporting | void,
  },
  actions: {
    setText: assign((_, { text }: { text: string }) => ({ text })),
    tellTyped: sendTo(reportTo<SearchContext>, (_, { text }: { text: string }): SearchReport => ({ type: 'search.typed', text })),
    commit: sendTo(reportTo<SearchContext>, (_, { text }: { text: string }): SearchReport => ({ type: 'search.committed', query: text })),
  },
  // docs/product.md#timings-and-constants: the query reaches the URL once typing pauses for 300 ms.
  delays: {
    commitDelay: 300,
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ text: '', reportTo: input?.reportTo }),
  initial: 'idle',
  on: {
    'search.type': {
      target: '.typing',
      actions: [
        { type: 'setText', params: ({ event }) => event },
        { type: 'tellTyped', params: ({ event }) => event },
      ],
    },
    'search.clear': {
      target: '.idle',
      actions: [
        { type: 'setText', params: { text: '' } },
        { type: 'commit', params: { text: '' } },
      ],
    },
    'search.reset': { target: '.idle', actions: { type: 'setText', params: ({ event }) => ({ text: event.query }) } },
  },
  states: {
    idle: {},
    /** Typed text waits for a pause; every keystroke starts the wait again. */
    typing: {
      after: {
        commitDelay: { target: 'idle', actions: { type: 'commit', params: ({ context }) => context } },
      },
      on: {
        'search.flush': { target: 'idle', actions: { type: 'commit', params: ({ context }) => context } },
      },
    },
  },
});
