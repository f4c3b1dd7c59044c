/** Light and dark (docs/product.md#theme): the two names, and the stored value read as one. */
export type ThemeName = 'light' | 'dark';

/** The stored `theme` value as a theme name; anything else (absent, unreadable, another word) is no choice. */
export function parseStoredTheme(value: unknown): ThemeName | null {
  return value === 'dark' || value === 'light' ? value : null;
}
