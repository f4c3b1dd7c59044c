/** Business constants from SPEC.md section 9 and INTERFACE.md section 2, in milliseconds where timed. */
export const FEED_TIMING = {
  /** A call with no answer within this time is a failure. */
  fetchTimeout: 10_000,
  /** One retry, about a second after a failure. */
  retryDelay: 1_000,
  /** Data older than this is refetched when the page becomes visible or focused. */
  staleAfter: 5 * 60_000,
  /** Refetch interval while the page is open. */
  refetchInterval: 10 * 60_000,
} as const;

/** How long the copy-link outcome stays before the machine returns to idle. */
export const COPY_FEEDBACK_MS = 2_000;

export const BOOKMARKS_STORAGE_KEY = 'newsBookmarks';
export const THEME_STORAGE_KEY = 'theme';
export const TOP_STORIES_COUNT = 3;
