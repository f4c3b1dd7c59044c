/**
 * Registers the service worker that keeps the site's files for offline visits, and brings in
 * the new version a later deploy installs (docs/deploy.md#offline-and-updates). Run by
 * ServiceWorkerUpdates.tsx once the page has loaded, in production builds only: the dev server
 * has no /sw.js, and a worker there would serve stale development files.
 */
import { SKIP_WAITING } from './policy.ts';

/** What the page does when a new version is there. */
export interface UpdateEffects {
  /** Shows "A new version is available" with "Reload", which calls `accept`. */
  offer(accept: () => void): void;
  /** Reloads the page into the version that now controls it. */
  reload(): void;
}

export function registerServiceWorker(browser: { serviceWorker?: ServiceWorkerContainer }, effects: UpdateEffects): void {
  // No worker support (or a browser that blocks it): the site works as before, online only.
  const container = browser.serviceWorker;
  if (!container) return;
  container.register('/sw.js', { scope: '/' }).then(
    (registration) => watchForUpdates(container, registration, effects),
    () => {},
  );
}

/**
 * A page served by a worker runs that worker's version. A newer worker installed by a deploy
 * waits behind it, so:
 * - one already waiting when this page registers, right after it has loaded (it installed during
 *   an earlier visit, or during this page's own load), is taken at once: the visitor has just
 *   (re)loaded, and a reload never keeps the old version twice;
 * - one that installs while this page is open is offered, and taken by the visitor's press;
 * - once the new worker controls the site, this page, like every page of the old version,
 *   reloads into it: its own files are no longer kept, and it must not mix two builds.
 * A first visit has no worker in control: the one it installs controls the next visit.
 */
export function watchForUpdates(
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>,
  registration: Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'addEventListener'>,
  effects: UpdateEffects,
): void {
  if (!container.controller) return;
  container.addEventListener('controllerchange', () => effects.reload());
  const take = (worker: ServiceWorker) => worker.postMessage(SKIP_WAITING);
  if (registration.waiting) return take(registration.waiting);
  const offerOnceInstalled = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') effects.offer(() => take(worker));
    });
  offerOnceInstalled(registration.installing);
  registration.addEventListener('updatefound', () => offerOnceInstalled(registration.installing));
}
