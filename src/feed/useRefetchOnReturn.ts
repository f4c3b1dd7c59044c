import { useEffect } from 'react';
import { FeedActor } from './actors.ts';

/**
 * Tells the feed when the visitor comes back to the page (the tab becomes visible, the
 * window gets focus): the feed refetches then if its stories are stale
 * (docs/product.md#refetch-and-freshness).
 */
export function useRefetchOnReturn() {
  const feed = FeedActor.useActorRef();
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') feed.send({ type: 'feed.visible' });
    };
    const onFocus = () => feed.send({ type: 'feed.focus' });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, [feed]);
}
