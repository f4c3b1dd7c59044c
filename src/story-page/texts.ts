/** A story's page, word for word (docs/product.md#a-page-for-each-story). */
export const GONE_TITLE = 'This story is no longer available';
export const GONE_TEXT = 'Stories are kept for 30 days';
export const FAILED_TEXT = 'This story could not load';
export const OFFLINE_TITLE = 'This story needs a connection';
export const OFFLINE_TEXT = 'It could not be reached, and this browser has kept nothing of it.';
export const OFFLINE_KEPT_TEXT = "You're offline. Showing this story as this browser kept it.";
export const COPY_LINK = 'Copy link to this page';
export const ALL_STORIES = 'All stories';
