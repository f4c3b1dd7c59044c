/**
 * The app's start, once src/main.tsx has let the browser paint the frame and evaluated React:
 * the service worker's registration, the dev inspector, and the app put on the page.
 */
import { devInspector } from './inspector.ts';
import { mountApp } from './mount.tsx';

export function start(root: HTMLElement): void {
  // Production only: the service worker, once the page has loaded (docs/deploy.md#offline-and-updates).
  if (import.meta.env.PROD) {
    const register = () => void import('../offline/service-worker-registration.ts').then((m) => m.registerServiceWorker(navigator));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register);
  }
  // `?inspect` in the dev server: every actor reports to the Stately inspector (docs/machines.md).
  if (import.meta.env.DEV) void devInspector(window.location.search).then((inspect) => mountApp(root, inspect));
  else mountApp(root);
}
