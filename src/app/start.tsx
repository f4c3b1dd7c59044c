/**
 * The app's start, once src/main.tsx has let the browser paint the frame and evaluated React:
 * the dev inspector, and the app put on the page.
 */
import { devInspector } from './inspector.ts';
import { mountApp } from './mount.tsx';

export function start(root: HTMLElement): void {
  // `?inspect` in the dev server: every actor reports to the Stately inspector (docs/machines.md).
  if (import.meta.env.DEV) void devInspector(window.location.search).then((inspect) => mountApp(root, inspect));
  else mountApp(root);
}
