import { memo, useCallback, useRef } from 'react';
import { SearchBox } from './SearchBox.tsx';
import { useSearchActor, useSearchText } from './actors.ts';
import { useSlashToFocus } from './useSlashToFocus.ts';

/**
 * The search box on the search machine (machines/search.ts): it shows the machine's text, sends
 * each edit and the clear button; the machine decides when the URL follows. "/" reaches it from
 * anywhere but a text field.
 */
export const QueryField = memo(function QueryField() {
  const text = useSearchText();
  const search = useSearchActor();
  const ref = useRef<HTMLInputElement>(null);
  useSlashToFocus(ref);
  const type = useCallback((value: string) => search.send({ type: 'search.type', text: value }), [search]);
  const clear = useCallback(() => search.send({ type: 'search.clear' }), [search]);
  return <SearchBox value={text} onChange={type} onClear={clear} inputRef={ref} />;
});
