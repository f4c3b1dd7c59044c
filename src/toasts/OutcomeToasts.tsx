import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useBookmarksActor } from '../bookmarks/actors.ts';
import { useFollowsActor } from '../follow/actors.ts';
import { useShareActor } from '../share/share-actor.ts';
import { useHiddenSourcesActor, useReadingActor } from '../front-page/actors.ts';
import type { RaisedToast, ToastName } from './messages.ts';

export interface OutcomeToastsProps {
  /** The toasts raised so far, shown (React Aria's toast queue and region, in the page's later part). */
  Raised: ComponentType<{ raised: readonly RaisedToast[] }>;
}

/** A toast for each outcome the machines announce: a bookmark added or removed, a link copied or not, a story followed, unfollowed or refused, an outlet hidden (with "Undo") or refused, a file of "Your reading" imported or refused. */
export function OutcomeToasts({ Raised }: OutcomeToastsProps) {
  const bookmarks = useBookmarksActor();
  const share = useShareActor();
  const follows = useFollowsActor();
  const hidden = useHiddenSourcesActor();
  const reading = useReadingActor();
  const [raised, setRaised] = useState<readonly RaisedToast[]>([]);
  useEffect(() => {
    const add = (toast: RaisedToast) => setRaised((list) => [...list, toast]);
    // By name only: the words come with the later part, which shows them (messages.ts).
    const raise = (name: ToastName) => () => add({ name });
    const subscriptions = [
      bookmarks.on('bookmark.added', raise('bookmarkAdded')),
      bookmarks.on('bookmark.removed', raise('bookmarkRemoved')),
      share.on('link.copied', raise('linkCopied')),
      share.on('link.copyFailed', raise('copyFailed')),
      follows.on('follow.added', raise('followAdded')),
      follows.on('follow.removed', raise('followRemoved')),
      follows.on('follow.refused', raise('followRefused')),
      hidden.on('source.hidden', ({ source }) => add({ name: 'sourceHidden', source, undo: () => hidden.send({ type: 'hidden.show', source }) })),
      hidden.on('source.refused', raise('sourceRefused')),
      reading.on('reading.imported', raise('readingImported')),
      reading.on('reading.refused', raise('readingRefused')),
      reading.on('reading.exportFailed', raise('readingExportFailed')),
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
