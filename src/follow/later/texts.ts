/** The words of following in the page's later part (the Following view, notifications), as docs/product.md#following-a-story gives them. */

export const FOLLOWING_EMPTY_TITLE = 'You are not following any stories';
export const FOLLOWING_EMPTY_TEXT = 'Follow a story to see new reports on it here';
export const NOTIFY_ON = 'Notify me of new reports';
export const NOTIFY_OFF = 'Stop notifications';
export const NOTIFY_BLOCKED = 'Notifications are blocked in this browser';
export const NOTIFY_FAILED = 'Notifications could not be turned on. Try again later.';
export const NOTIFY_UNSUPPORTED = 'This browser cannot show notifications';

/** The note for a follow that ended because the store no longer has its story. */
export function endedText(title: string | undefined): string {
  return title === undefined ? 'A story you followed is no longer available, so following it ended' : `“${title}” is no longer available, so following it ended`;
}
