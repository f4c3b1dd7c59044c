import type { ToastTone } from '../theme/tokens.ts';

/** A toast: what the queue (later/toast-queue.ts) shows. */
export interface AppToast {
  title: string;
  description: string;
  tone?: ToastTone;
}

/**
 * Toasts, word for word: docs/product.md#bookmarks-sharing-and-copying. The app raises them by
 * name (ToastName).
 */
export const TOASTS = {
  bookmarkAdded: { title: 'Story bookmarked', description: 'Story saved to your bookmarks', tone: 'success' },
  bookmarkRemoved: { title: 'Bookmark removed', description: 'Story removed from your bookmarks', tone: 'info' },
  linkCopied: { title: 'Link copied', description: 'Story link copied to clipboard', tone: 'success' },
  copyFailed: { title: 'Copy failed', description: 'Could not copy link to clipboard', tone: 'error' },
  // docs/product.md#following-a-story.
  followAdded: { title: 'Following this story', description: 'New reports on it will show under Following', tone: 'success' },
  followRemoved: { title: 'Story unfollowed', description: 'You will no longer hear of new reports on it', tone: 'info' },
  followRefused: { title: 'You follow 50 stories, the most', description: 'Unfollow one to follow this story', tone: 'error' },
} as const satisfies Record<string, AppToast>;

export type ToastName = keyof typeof TOASTS;
