/** Where the page keeps what it remembers in localStorage (docs/product.md#stored-in-the-browser). */
export const BOOKMARKS_STORAGE_KEY = 'newsBookmarks';
/** A copy of each saved story: a JSON array of stories, newest saved first, at most 500. */
export const SAVED_STORIES_STORAGE_KEY = 'newsSavedStories';
export const THEME_STORAGE_KEY = 'theme';
/** The last live stories, kept for the next visit: `{ "saved_at": ISO, "stories": Story[] }`. */
export const KEPT_STORIES_STORAGE_KEY = 'newsLastFeed';
/** The previous visit's ISO time ("New" marks the stories published after it). */
export const LAST_VISIT_STORAGE_KEY = 'newsLastVisit';
/** Followed stories: a JSON array of `{ id, followed_at, seen, reports?, story? }`, newest followed first, at most 50. */
export const FOLLOWS_STORAGE_KEY = 'newsFollows';
/** Alerts for words: a JSON array of `{ words, created_at }`, in the order added, at most 10. */
export const ALERTS_STORAGE_KEY = 'newsAlerts';
/** Hidden outlets: a JSON array of outlet names, newest hidden first, at most 100. */
export const HIDDEN_SOURCES_STORAGE_KEY = 'newsHiddenSources';
/** Read marks: a JSON array of story ids, most recently read first, at most 1,000. */
export const READ_STORAGE_KEY = 'newsRead';
