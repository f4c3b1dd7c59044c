import { useEffect } from 'react';
import { FeedActor, OlderStoriesActor } from './actors.ts';
import { selectStories } from './selectors.ts';

/** Each first page the feed shows gives the older pages their cursor (docs/product.md#older-stories). */
export function useOlderFirstPage() {
  const older = OlderStoriesActor.useActorRef();
  const firstPage = FeedActor.useSelector(selectStories);
  const next = FeedActor.useSelector((snapshot) => snapshot.context.next);
  useEffect(() => {
    older.send({ type: 'older.firstPage', next });
  }, [older, firstPage, next]);
}
