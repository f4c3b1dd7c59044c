import { useEffect } from 'react';
import type { ThemeName } from '../domain/theme.ts';
import { useThemeActor } from './actors.ts';

/**
 * The theme on <html>: `data-theme` for the styles and `color-scheme` for the browser's own
 * controls, following the theme machine. theme-boot has put the visitor's theme there before the
 * first paint, so the frame's render leaves it; every change after is the machine's.
 */
export function useDocumentTheme() {
  const theme = useThemeActor();
  useEffect(() => {
    const apply = (name: ThemeName) => {
      const root = document.documentElement;
      root.dataset.theme = name;
      root.style.colorScheme = name;
    };
    apply(theme.getSnapshot().context.theme);
    return theme.subscribe((snapshot) => apply(snapshot.context.theme)).unsubscribe;
  }, [theme]);
}
