import type { ToastTone } from '../theme/tokens.ts';

/** A toast: what the queue (later/toast-queue.ts) shows. */
export interface AppToast {
  title: string;
  description: string;
  tone?: ToastTone;
  /** A button on the toast ("Undo"): its name, and what a press does (the toast closes). */
  action?: { label: string; onAction(): void };
}

/**
 * Toasts, word for word: docs/product.md#bookmarks-sharing-and-copying. The app raises them by
 * name (RaisedToast); the words come with the page's later part, which shows them (toastOf).
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
  // docs/product.md#hide-an-outlet, #your-reading-in-another-browser.
  sourceRefused: { title: 'You hide 100 outlets, the most', description: 'Show one again to hide this outlet', tone: 'error' },
  readingImported: { title: 'Reading imported', description: 'Your bookmarks, follows, hidden outlets and read marks were added', tone: 'success' },
  readingRefused: { title: 'This file is not a Newsroom export', description: 'Nothing was changed', tone: 'error' },
  readingExportFailed: { title: 'Export failed', description: 'This browser did not download the file', tone: 'error' },
} as const satisfies Record<string, AppToast>;

/** The toast of an outlet hidden, with "Undo" (docs/product.md#hide-an-outlet). */
export function sourceHiddenToast(source: string, undo: () => void): AppToast {
  return { title: `Stories from ${source} hidden`, description: 'They no longer show on the front page', tone: 'info', action: { label: 'Undo', onAction: undo } };
}

export type ToastName = keyof typeof TOASTS;

/** An outcome to toast as the first render raises it: the toast's name, and for an outlet hidden the outlet and what "Undo" does. */
export type RaisedToast = { name: ToastName } | { name: 'sourceHidden'; source: string; undo(): void };

/** The toast of an outcome raised, in its words. */
export function toastOf(raised: RaisedToast): AppToast {
  return raised.name === 'sourceHidden' ? sourceHiddenToast(raised.source, raised.undo) : TOASTS[raised.name];
}
