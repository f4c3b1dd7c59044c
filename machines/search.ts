import { type AnyActorRef, assign, sendTo, setup } from 'xstate';

/**
 * The search box (docs/product.md#search-categories-and-the-url). The URL owns the query
 * (`?q=`); this machine owns only the text being typed and its pause.
 *
 * idle: the box shows the URL's query. search.type -> typing: the box shows `text`, and the
 * stories follow it at every key; once typing pauses for 300 ms the text is written to the URL
 * (`writeQuery`, replacing the history entry) -> written: the box keeps showing it until the
 * URL's query changes (search.reset), so a key pressed before the URL has caught up is kept.
 * The URL's query changed from elsewhere while typing (Back, Forward), or "Clear filters"
 * (search.reset), drops the text and its pending write. The box's clear button, and search.flush
 * (the page about to reload itself), write at once.
 */

export interface SearchContext {
  /** The text typed, while typing and until the URL has taken it. */
  text: string;
}

export type SearchEvent =
  /** The visitor edited the box. */
  | { type: 'search.type'; text: string }
  /** The box's clear button. */
  | { type: 'search.clear' }
  /** The text typed gives way to the URL's query: it changed elsewhere (Back, Forward), or the filters were cleared. */
  | { type: 'search.reset' }
  /** Write what is typed now, without the pause: the page is about to reload itself. */
  | { type: 'search.flush' };

/** What the box shows and the stories follow: the text typed until the URL has taken it, else the URL's query. */
export function shownQuery(state: { matches(value: 'idle'): boolean; context: SearchContext }, urlQuery: string): string {
  return state.matches('idle') ? urlQuery : state.context.text;
}

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actions: {
    setText: assign((_, { text }: { text: string }) => ({ text })),
    /** Injected: puts the query in the URL, replacing the current history entry. */
    writeQuery: (_, _params: { query: string }) => {},
    /** "From the last 30 days" goes while what is typed is not its query (machines/archiveSearch.ts), where the page runs it. */
    tellArchive: sendTo(({ system }) => system.get('archive') as AnyActorRef, (_, { text }: { text: string }) => ({ type: 'archive.typed', text })),
  },
  // docs/product.md#timings-and-constants: the query reaches the URL once typing pauses for 300 ms.
  delays: {
    commitDelay: 300,
  },
}).createMachine({
  id: 'search',
  context: { text: '' },
  initial: 'idle',
  on: {
    'search.type': {
      target: '.typing',
      actions: [
        { type: 'setText', params: ({ event }) => event },
        { type: 'tellArchive', params: ({ event }) => event },
      ],
    },
    'search.clear': {
      target: '.written',
      actions: [
        { type: 'setText', params: { text: '' } },
        { type: 'writeQuery', params: { query: '' } },
      ],
    },
    'search.reset': { target: '.idle' },
  },
  states: {
    idle: {},
    /** Typed text waits for a pause; every keystroke starts the wait again. */
    typing: {
      after: {
        commitDelay: { target: 'written', actions: { type: 'writeQuery', params: ({ context }) => ({ query: context.text }) } },
      },
      on: {
        'search.flush': { target: 'written', actions: { type: 'writeQuery', params: ({ context }) => ({ query: context.text }) } },
      },
    },
    /** Written to the URL; the box shows it until the URL's query changes. */
    written: {},
  },
});
