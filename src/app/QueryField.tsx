import { memo, useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { SearchBox } from '../components/SearchBox.tsx';

/**
 * How long typing pauses before the query goes into the URL: the visitor has stopped typing.
 * The list does not wait for it (it follows each key); the URL's update (the router's work,
 * `replaceState`) would only make the next key wait if it came between two keys.
 */
export const QUERY_COMMIT_DELAY_MS = 300;

interface QueryFieldProps {
  /** The committed query: the last pause's, or one set elsewhere (the URL, "Clear filters"). */
  query: string;
  /** Typing paused: this is the query now (the URL follows). */
  onCommit(query: string): void;
  /** Every change of the text, as it is typed: the page may filter by it in the background. */
  onType?(text: string): void;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** What the box has sent, kept outside React's state: a key renders nothing. */
interface Typing {
  /** The last `query` this box was given. */
  seen: string;
  /** The queries this box committed and has not yet seen come back, oldest first. */
  sent: string[];
  /** The pause's timer, for the text typed last (the input holds it). */
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The search box, holding what is being typed until typing pauses for QUERY_COMMIT_DELAY_MS
 * (docs/product.md#search-categories-and-the-url). A key renders nothing at once: the input
 * is uncontrolled (SearchBox), `onType` tells the page (which filters in a transition that the
 * next key interrupts), and the URL follows once per pause. A query changed elsewhere (back
 * button, "Clear filters") replaces the text; the echo of the box's own commit never does, so
 * keys typed while the page catches up are kept.
 */
export const QueryField = memo(function QueryField({ query, onCommit, onType, inputRef }: QueryFieldProps) {
  const typing = useRef<Typing>({ seen: query, sent: [], timer: undefined });
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  // The latest callbacks, for the pause's timer and the next key.
  const callbacks = useRef({ onCommit, onType });
  useLayoutEffect(() => {
    callbacks.current = { onCommit, onType };
  });

  useLayoutEffect(() => {
    const state = typing.current;
    if (query === state.seen) return;
    state.seen = query;
    const echo = state.sent.indexOf(query);
    state.sent = echo === -1 ? [] : state.sent.slice(echo + 1);
    if (echo !== -1) return;
    clearTimeout(state.timer);
    if (input.current) input.current.value = query;
  }, [query, input]);
  useEffect(() => {
    const state = typing.current;
    return () => clearTimeout(state.timer);
  }, []);

  const type = useCallback((text: string) => {
    const state = typing.current;
    clearTimeout(state.timer);
    // The pause counts from the key.
    state.timer = setTimeout(() => {
      if (text === state.seen) return;
      state.sent.push(text);
      callbacks.current.onCommit(text);
    }, QUERY_COMMIT_DELAY_MS);
    callbacks.current.onType?.(text);
  }, []);

  // The text at first. A later `query` changes what the box shows only until a key or this
  // component has set its text (the input's value is then its own): the effect above decides.
  return <SearchBox defaultValue={query} onChange={type} inputRef={input} />;
});
