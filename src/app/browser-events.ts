/**
 * The browser's events the page follows, as the page machine takes them (machines/page.ts): the
 * page shown or focused again (the feed refetches when stale), another tab's storage (bookmarks,
 * their copies, follows, alerts, the theme: read here, src/domain/), and the system's colour scheme.
 */
import { fromCallback } from 'xstate';
import type { PageEvent } from '../../machines/page.ts';
import { prefersDarkQuery } from '../browser/browser.ts';
import { ALERTS_STORAGE_KEY, BOOKMARKS_STORAGE_KEY, FOLLOWS_STORAGE_KEY, HIDDEN_SOURCES_STORAGE_KEY, READ_STORAGE_KEY, SAVED_STORIES_STORAGE_KEY, THEME_STORAGE_KEY } from '../browser/storage-keys.ts';
import { readStoredAlerts } from '../domain/alerts.ts';
import { parseFollows } from '../domain/follows.ts';
import { parseHiddenSources } from '../domain/hidden-sources.ts';
import { parseReadMarks } from '../domain/read-marks.ts';
import { parseSavedStories, parseStoredBookmarks } from '../domain/saved-stories.ts';
import { parseStoredTheme } from '../domain/theme.ts';

export const browserEvents = fromCallback<PageEvent>(({ sendBack }) => {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'feed.visible' });
  };
  const onFocus = () => sendBack({ type: 'feed.focus' });
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared the whole storage.
    if (event.key === null || event.key === BOOKMARKS_STORAGE_KEY) {
      sendBack({ type: 'bookmarks.storage.changed', ids: parseStoredBookmarks(event.newValue) });
      // A story saved there may have no copy here yet: fetch it (docs/product.md#saved-stories-last).
      sendBack({ type: 'saved.refresh' });
    }
    if (event.key === null || event.key === SAVED_STORIES_STORAGE_KEY) sendBack({ type: 'saved.storage.changed', stories: parseSavedStories(event.newValue) });
    if (event.key === null || event.key === FOLLOWS_STORAGE_KEY) sendBack({ type: 'follows.storage.changed', follows: parseFollows(event.newValue) });
    if (event.key === null || event.key === ALERTS_STORAGE_KEY) sendBack({ type: 'alerts.storage.changed', alerts: readStoredAlerts(event.newValue) });
    if (event.key === null || event.key === HIDDEN_SOURCES_STORAGE_KEY) sendBack({ type: 'hidden.storage.changed', sources: parseHiddenSources(event.newValue) });
    if (event.key === null || event.key === READ_STORAGE_KEY) sendBack({ type: 'read.storage.changed', ids: parseReadMarks(event.newValue) });
    if (event.key === null || event.key === THEME_STORAGE_KEY) sendBack({ type: 'theme.storage.changed', theme: parseStoredTheme(event.newValue) });
  };
  const colours = prefersDarkQuery();
  const onColours = (event: MediaQueryListEvent) => sendBack({ type: 'theme.system.changed', prefersDark: event.matches });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', onFocus);
  window.addEventListener('storage', onStorage);
  colours?.addEventListener('change', onColours);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('storage', onStorage);
    colours?.removeEventListener('change', onColours);
  };
});
