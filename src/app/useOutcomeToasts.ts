import { useEffect } from 'react';
import type { ToastSink } from '../components/pending-toasts.ts';
import { BookmarksActor, CopyLinkActor } from './actors.ts';
import { TOASTS } from './messages.ts';

/** A toast for each outcome the machines announce: a bookmark added or removed, a link copied or not. */
export function useOutcomeToasts(toasts: ToastSink) {
  const bookmarks = BookmarksActor.useActorRef();
  const copyLink = CopyLinkActor.useActorRef();
  useEffect(() => {
    const subscriptions = [
      bookmarks.on('bookmark.added', () => toasts.add(TOASTS.bookmarkAdded)),
      bookmarks.on('bookmark.removed', () => toasts.add(TOASTS.bookmarkRemoved)),
      copyLink.on('link.copied', () => toasts.add(TOASTS.linkCopied)),
      copyLink.on('link.copyFailed', () => toasts.add(TOASTS.copyFailed)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bookmarks, copyLink, toasts]);
}
