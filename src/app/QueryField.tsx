import { useEffect, useState, type Ref } from 'react';
import { SearchBox } from '../components/SearchBox.tsx';

/** How long typing pauses before the query goes into the URL and the stories are filtered. */
export const QUERY_COMMIT_DELAY_MS = 150;

interface QueryFieldProps {
  /** The query in the URL. */
  query: string;
  onCommit(query: string): void;
  /** Every keystroke's text, at once: the stories are filtered as the visitor types. */
  onDraft?(draft: string): void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The search box, holding what is being typed until typing pauses: the URL (replaceState,
 * which re-renders the whole route) follows once per pause, not per key; the filtering follows
 * each key through `onDraft`, in the background (docs/performance.md). A query changed
 * elsewhere (back button, "Clear filters") wins.
 */
export function QueryField({ query, onCommit, onDraft, inputRef }: QueryFieldProps) {
  const [draft, setDraft] = useState(query);
  const [committed, setCommitted] = useState(query);
  if (query !== committed) {
    setCommitted(query);
    setDraft(query);
  }

  useEffect(() => {
    if (draft === query) return;
    const timer = setTimeout(() => onCommit(draft), QUERY_COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, query, onCommit]);

  const change = (next: string) => {
    setDraft(next);
    onDraft?.(next);
  };
  return <SearchBox value={draft} onChange={change} inputRef={inputRef} />;
}
