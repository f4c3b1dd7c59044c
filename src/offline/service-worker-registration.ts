/**
 * Registers the service worker that keeps the site's files for offline visits
 * (docs/deploy.md#offline-and-updates). Loaded by main.tsx after the page has loaded, in
 * production builds only: the dev server has no /sw.js, and a worker there would serve stale
 * development files.
 */
export function registerServiceWorker(browser: { serviceWorker?: ServiceWorkerContainer } = navigator): void {
  // No worker support (or a browser that blocks it): the site works as before, online only.
  const container = browser.serviceWorker;
  if (!container) return;
  container.register('/sw.js', { scope: '/' }).catch(() => {});
}
