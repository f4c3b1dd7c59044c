import { assign, setup } from 'xstate';

/**
 * The search box and the URL's query (docs/product.md#search-categories-and-the-url).
 *
 * `text` is what the box shows and what filters the stories, at every keystroke; `query` is
 * what the URL holds. The query follows the text once typing pauses for 300 ms (`typing`), and
 * the app writes it to the URL (`writeQuery`, replacing the history entry). A change of the URL
 * made elsewhere (Back, Forward) replaces both and drops a pending write; the box's clear
 * button writes at once; "Clear filters" empties both and leaves the URL to the app.
 */

export interface SearchInput {
  /** The URL's query when the page opens. */
  query: string;
}

export interface SearchContext {
  text: string;
  query: string;
}

export type SearchEvent =
  /** The visitor edited the box. */
  | { type: 'search.type'; text: string }
  /** The box's clear button. */
  | { type: 'search.clear' }
  /** The URL changed (Back, Forward, a link): its query. */
  | { type: 'search.urlChanged'; query: string }
  /** "Clear filters": the app clears the other filters and the URL. */
  | { type: 'filters.clear' };

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  guards: {
    /** The app's own write of the query comes back as a URL change; only another query is news. */
    isOtherQuery: ({ context }, { query }: { query: string }) => query !== context.query,
  },
  actions: {
    setText: assign((_, { text }: { text: string }) => ({ text })),
    commit: assign(({ context }) => ({ query: context.text })),
    follow: assign((_, { query }: { query: string }) => ({ text: query, query })),
    /** Injected: puts the query in the URL, replacing the current history entry. */
    writeQuery: (_, _params: { query: string }) => {},
  },
  // docs/product.md#timings-and-constants: the query reaches the URL once typing pauses for 300 ms.
  delays: {
    commitDelay: 300,
  },
}).createMachine({
  id: 'search',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ text: input?.query ?? '', query: input?.query ?? '' }),
  initial: 'idle',
  on: {
    'search.type': { target: '.typing', actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) } },
    'search.clear': {
      target: '.idle',
      actions: [{ type: 'follow', params: { query: '' } }, { type: 'writeQuery', params: { query: '' } }],
    },
    'search.urlChanged': {
      guard: { type: 'isOtherQuery', params: ({ event }) => ({ query: event.query }) },
      target: '.idle',
      actions: { type: 'follow', params: ({ event }) => ({ query: event.query }) },
    },
    'filters.clear': { target: '.idle', actions: { type: 'follow', params: { query: '' } } },
  },
  states: {
    idle: {},
    /** Typed text waits for a pause; every keystroke starts the wait again. */
    typing: {
      after: {
        commitDelay: {
          target: 'idle',
          actions: ['commit', { type: 'writeQuery', params: ({ context }) => ({ query: context.text }) }],
        },
      },
    },
  },
});
