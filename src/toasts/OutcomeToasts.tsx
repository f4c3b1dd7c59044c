import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useBookmarksActor } from '../bookmarks/actors.ts';
import { useFollowsActor } from '../follow/actors.ts';
import { useShareActor } from '../share/share-actor.ts';
import { useHiddenSourcesActor, useReadingActor } from '../front-page/actors.ts';
import { sourceHiddenToast, TOASTS } from './messages.ts';
import type { AppToast } from './messages.ts';

export interface OutcomeToastsProps {
  /** The toasts raised so far, shown (React Aria's toast queue and region, in the page's later part). */
  Raised: ComponentType<{ raised: readonly AppToast[] }>;
}

/** A toast for each outcome the machines announce: a bookmark added or removed, a link copied or not, a story followed, unfollowed or refused, an outlet hidden (with "Undo") or refused, a file of "Your reading" imported or refused. */
export function OutcomeToasts({ Raised }: OutcomeToastsProps) {
  const bookmarks = useBookmarksActor();
  const share = useShareActor();
  const follows = useFollowsActor();
  const hidden = useHiddenSourcesActor();
  const reading = useReadingActor();
  const [raised, setRaised] = useState<readonly AppToast[]>([]);
  useEffect(() => {
    const raise = (toast: AppToast) => () => setRaised((list) => [...list, toast]);
    const subscriptions = [
      bookmarks.on('bookmark.added', raise(TOASTS.bookmarkAdded)),
      bookmarks.on('bookmark.removed', raise(TOASTS.bookmarkRemoved)),
      share.on('link.copied', raise(TOASTS.linkCopied)),
      share.on('link.copyFailed', raise(TOASTS.copyFailed)),
      follows.on('follow.added', raise(TOASTS.followAdded)),
      follows.on('follow.removed', raise(TOASTS.followRemoved)),
      follows.on('follow.refused', raise(TOASTS.followRefused)),
      hidden.on('source.hidden', ({ source }) => raise(sourceHiddenToast(source, () => hidden.send({ type: 'hidden.show', source })))()),
      hidden.on('source.refused', raise(TOASTS.sourceRefused)),
      reading.on('reading.imported', raise(TOASTS.readingImported)),
      reading.on('reading.refused', raise(TOASTS.readingRefused)),
      reading.on('reading.exportFailed', raise(TOASTS.readingExportFailed)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bookmarks, share, follows, hidden, reading]);
  if (raised.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Raised raised={raised} />
    </Suspense>
  );
}
