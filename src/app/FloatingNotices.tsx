import { useRouterState, type AnyRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AlertsNotice } from '../alerts/AlertsNotice.tsx';
import { alertSearchPath } from '../domain/alerts.ts';
import { useFeed } from '../feed/actors.ts';
import { selectStories } from '../feed/selectors.ts';
import { FollowNotice } from '../follow/FollowNotice.tsx';
import { useFollowedIds } from '../follow/actors.ts';
import { ServiceWorkerUpdates } from '../offline/ServiceWorkerUpdates.tsx';
import { usePage } from '../system/page-system.ts';
import { NoticeStack } from '../ui/NoticeStack.tsx';

export interface FloatingNoticesProps {
  router: AnyRouter;
  /** The window's `load` event has passed: the service worker registers. */
  loaded: boolean;
  /** The page's later part has come: a first visit's first screen is complete. */
  laterCame: boolean;
}

/**
 * Every notice that floats at the bottom of the viewport, each on the pages it belongs to, in the one
 * stack (src/ui/NoticeStack.tsx): newest on top, none covering another. A notice more is a line more here.
 */
export function FloatingNotices({ router, loaded, laterCame }: FloatingNoticesProps) {
  const onHome = useRouterState({ router, select: (state) => state.matches.some((match) => match.routeId === '/') });
  const following = useFollowedIds().length > 0;
  const page = usePage();
  const showFollowing = useCallback(() => page.send({ type: 'filters.following', on: true }), [page]);
  const showAlertMatches = useCallback((words: string) => void router.navigate({ href: alertSearchPath(words) }), [router]);
  // Kept stories too: the alerts' notice on return works offline (docs/product.md#alerts-for-words).
  const stories = useFeed(selectStories);
  const lastVisit = useFeed((snapshot) => snapshot.context.lastVisit);
  return (
    <NoticeStack>
      {/* Production only: the dev server has no worker. */}
      {import.meta.env.PROD && loaded && <ServiceWorkerUpdates firstScreenDone={laterCame} />}
      {onHome && following && <FollowNotice onShow={showFollowing} />}
      {onHome && <AlertsNotice stories={stories} lastVisit={lastVisit} onShow={showAlertMatches} />}
    </NoticeStack>
  );
}
