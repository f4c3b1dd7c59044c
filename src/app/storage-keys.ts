/** Where the page keeps what it remembers in localStorage (docs/product.md#stored-in-the-browser). */
export const BOOKMARKS_STORAGE_KEY = 'newsBookmarks';
export const THEME_STORAGE_KEY = 'theme';
