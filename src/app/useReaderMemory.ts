import { useEffect } from 'react';
import { BookmarksActor, FeedActor, OlderStoriesActor } from './actors.ts';
import { selectStories } from './selectors.ts';

/** Fresh copies of the saved stories once the page opens (docs/product.md#saved-stories-last); the machine skips it with no bookmarks. */
export function useSavedRefresh() {
  const bookmarks = BookmarksActor.useActorRef();
  useEffect(() => {
    bookmarks.send({ type: 'saved.refresh' });
  }, [bookmarks]);
}

/** Each first page the feed shows gives the older pages their cursor (docs/product.md#older-stories). */
export function useOlderFirstPage() {
  const older = OlderStoriesActor.useActorRef();
  const firstPage = FeedActor.useSelector(selectStories);
  const next = FeedActor.useSelector((snapshot) => snapshot.context.next);
  useEffect(() => {
    older.send({ type: 'older.firstPage', next });
  }, [older, firstPage, next]);
}
