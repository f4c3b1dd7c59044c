import { memo, useCallback, type RefObject } from 'react';
import { SearchBox } from './SearchBox.tsx';
import { SearchActor } from './actors.ts';

/**
 * The search box on the search machine (machines/search.ts): it shows the machine's `text` and
 * sends each edit and the clear button; the machine decides when the URL follows.
 */
export const QueryField = memo(function QueryField({ inputRef }: { inputRef?: RefObject<HTMLInputElement | null> }) {
  const search = SearchActor.useActorRef();
  const text = SearchActor.useSelector((snapshot) => snapshot.context.text);
  const type = useCallback((value: string) => search.send({ type: 'search.type', text: value }), [search]);
  const clear = useCallback(() => search.send({ type: 'search.clear' }), [search]);
  return <SearchBox value={text} onChange={type} onClear={clear} inputRef={inputRef} />;
});
