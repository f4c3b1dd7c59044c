import { useEffect } from 'react';
import { BookmarksActor } from './actors.ts';

/** Fresh copies of the saved stories once the page opens (docs/product.md#saved-stories-last); the machine skips it with no bookmarks. */
export function useSavedRefresh() {
  const bookmarks = BookmarksActor.useActorRef();
  useEffect(() => {
    bookmarks.send({ type: 'saved.refresh' });
  }, [bookmarks]);
}
