import { useEffect } from 'react';
import { BookmarksActor } from '../bookmarks/actors.ts';
import { CopyLinkActor } from '../reader/actors.ts';
import type { ToastName } from './messages.ts';

/** A toast for each outcome the machines announce: a bookmark added or removed, a link copied or not. */
export function useOutcomeToasts(toasts: { add(name: ToastName): unknown }) {
  const bookmarks = BookmarksActor.useActorRef();
  const copyLink = CopyLinkActor.useActorRef();
  useEffect(() => {
    const subscriptions = [
      bookmarks.on('bookmark.added', () => toasts.add('bookmarkAdded')),
      bookmarks.on('bookmark.removed', () => toasts.add('bookmarkRemoved')),
      copyLink.on('link.copied', () => toasts.add('linkCopied')),
      copyLink.on('link.copyFailed', () => toasts.add('copyFailed')),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bookmarks, copyLink, toasts]);
}
