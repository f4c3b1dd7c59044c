import { useEffect, useLayoutEffect } from 'react';
import type { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { BOOKMARKS_STORAGE_KEY, THEME_STORAGE_KEY } from '../../machines/constants.ts';
import type { AppToast } from '../components/toast-queue.ts';
import { BookmarksActor, CopyLinkActor, FeedActor, ThemeActor } from './actors.ts';
import { prefersDarkQuery } from './browser.ts';
import { TOASTS } from './messages.ts';

/**
 * Turns browser events into machine events and machine outcomes into what the browser
 * shows: visibility and focus, storage changes from other tabs, the system colour scheme,
 * the theme on <html>, and toasts. Renders nothing.
 */
export function BrowserBridge({ toasts }: { toasts: ToastQueue<AppToast> }) {
  const feed = FeedActor.useActorRef();
  const theme = ThemeActor.useActorRef();
  const bookmarks = BookmarksActor.useActorRef();
  const copyLink = CopyLinkActor.useActorRef();
  const themeName = ThemeActor.useSelector((snapshot) => snapshot.context.theme);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = themeName;
    root.style.colorScheme = themeName;
  }, [themeName]);

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

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key is null when another tab cleared the whole storage.
      if (event.key === null || event.key === BOOKMARKS_STORAGE_KEY) bookmarks.send({ type: 'bookmarks.storage.changed', value: event.newValue });
      if (event.key === null || event.key === THEME_STORAGE_KEY) theme.send({ type: 'theme.storage.changed', value: event.newValue });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [bookmarks, theme]);

  useEffect(() => {
    const query = prefersDarkQuery();
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => theme.send({ type: 'theme.system.changed', prefersDark: event.matches });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);

  useEffect(() => {
    const subscriptions = [
      bookmarks.on('bookmark.added', () => toasts.add(TOASTS.bookmarkAdded)),
      bookmarks.on('bookmark.removed', () => toasts.add(TOASTS.bookmarkRemoved)),
      copyLink.on('link.copied', () => toasts.add(TOASTS.linkCopied)),
      copyLink.on('link.copyFailed', () => toasts.add(TOASTS.copyFailed)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bookmarks, copyLink, toasts]);

  return null;
}
