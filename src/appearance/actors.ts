/** The theme machine with localStorage and the system's colour scheme (docs/machines.md), what it starts from, and how components read it. */
import { themeMachine, type ThemeInput } from '../../machines/theme.ts';
import { prefersDarkQuery, readStorage, writeStorage } from '../browser/browser.ts';
import { THEME_STORAGE_KEY } from '../browser/storage-keys.ts';
import { parseStoredTheme } from '../domain/theme.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';

export const appThemeMachine = themeMachine.provide({
  actions: {
    persistTheme: (_, { theme }) => {
      try {
        writeStorage(THEME_STORAGE_KEY, theme);
      } catch {
        // Storage refused: the choice still holds for this page's lifetime (docs/product.md#stored-in-the-browser).
      }
    },
  },
});

export function readThemeInput(): ThemeInput {
  return { stored: parseStoredTheme(readStorage(THEME_STORAGE_KEY)), systemPrefersDark: prefersDarkQuery()?.matches ?? false };
}

export const useThemeActor = () => usePageActor('theme');
/** The theme shown; the frame's is light (theme-boot has already given the page the stored one's colours). */
export const useThemeName = () => usePageSelector('theme', (snapshot) => snapshot.context.theme);
