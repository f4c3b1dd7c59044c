import { useEffect } from 'react';
import { ThemeActor } from '../appearance/actors.ts';
import { BookmarksActor } from '../bookmarks/actors.ts';
import { parseSavedStories } from '../domain/saved-stories.ts';
import { BOOKMARKS_STORAGE_KEY, SAVED_STORIES_STORAGE_KEY, THEME_STORAGE_KEY } from '../browser/storage-keys.ts';

/**
 * Bookmarks and a theme changed in another tab reach this one through the `storage` event
 * (docs/product.md#stored-in-the-browser).
 */
export function useStorageFromOtherTabs() {
  const bookmarks = BookmarksActor.useActorRef();
  const theme = ThemeActor.useActorRef();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key is null when another tab cleared the whole storage.
      if (event.key === null || event.key === BOOKMARKS_STORAGE_KEY) {
        bookmarks.send({ type: 'bookmarks.storage.changed', value: event.newValue });
        // A story saved there may have no copy here yet: fetch it (docs/product.md#saved-stories-last).
        bookmarks.send({ type: 'saved.refresh' });
      }
      if (event.key === null || event.key === SAVED_STORIES_STORAGE_KEY) bookmarks.send({ type: 'saved.storage.changed', stories: parseSavedStories(event.newValue) });
      if (event.key === null || event.key === THEME_STORAGE_KEY) theme.send({ type: 'theme.storage.changed', value: event.newValue });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [bookmarks, theme]);
}
