import { memo, useCallback, useEffect, useRef, useState, type Ref } from 'react';
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
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The search box, holding what is being typed until typing pauses for QUERY_COMMIT_DELAY_MS
 * (docs/product.md#search-categories-and-the-url): a key re-renders this box and nothing else
 * at once (`onType` tells the page, which filters in a transition that the next key
 * interrupts); the URL follows once per pause. A query changed elsewhere (back button,
 * "Clear filters") replaces the text; the echo of the box's own commit never does, so keys
 * typed while the page catches up are kept.
 */
export const QueryField = memo(function QueryField({ query, onCommit, onType, inputRef }: QueryFieldProps) {
  const [draft, setDraft] = useState(query);
  const [seen, setSeen] = useState(query);
  // The queries this box committed and has not yet seen come back, oldest first.
  const [sent, setSent] = useState<readonly string[]>([]);
  if (query !== seen) {
    setSeen(query);
    const echo = sent.indexOf(query);
    setSent(echo === -1 ? [] : sent.slice(echo + 1));
    if (echo === -1) setDraft(query);
  }

  // The pause counts from the key, not from this effect (which runs only once the key's frame
  // has painted).
  const typedAt = useRef(0);
  const type = useCallback(
    (text: string) => {
      typedAt.current = performance.now();
      setDraft(text);
      onType?.(text);
    },
    [onType],
  );
  useEffect(() => {
    if (draft === query) return;
    const timer = setTimeout(
      () => {
        setSent((pending) => [...pending, draft]);
        onCommit(draft);
      },
      Math.max(0, QUERY_COMMIT_DELAY_MS - (performance.now() - typedAt.current)),
    );
    return () => clearTimeout(timer);
  }, [draft, query, onCommit]);

  return <SearchBox value={draft} onChange={type} inputRef={inputRef} />;
});
