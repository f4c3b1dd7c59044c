import { useLayoutEffect } from 'react';
import type { ThemeName } from '../domain/theme.ts';

/** The theme on <html>: `data-theme` for the styles and `color-scheme` for the browser's own controls; null leaves it as it is. */
export function useDocumentTheme(themeName: ThemeName | null) {
  useLayoutEffect(() => {
    if (themeName === null) return;
    const root = document.documentElement;
    root.dataset.theme = themeName;
    root.style.colorScheme = themeName;
  }, [themeName]);
}
