/** The theme machine with localStorage and the system's colour scheme, and the React context that holds its one actor (docs/machines.md). */
import { themeMachine } from '../../machines/theme.ts';
import { prefersDarkQuery, readStorage, writeStorage } from '../browser/browser.ts';
import { THEME_STORAGE_KEY } from '../browser/storage-keys.ts';
import { createFrameActorContext } from '../ui/frame.ts';

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

/** The frame (src/ui/frame.ts) is drawn in the light theme; theme-boot has already given the page the stored one's colours. */
export const ThemeActor = createFrameActorContext(appThemeMachine, { stored: null, systemPrefersDark: false });

export function readThemeInput() {
  return { stored: readStorage(THEME_STORAGE_KEY), systemPrefersDark: prefersDarkQuery()?.matches ?? false };
}
