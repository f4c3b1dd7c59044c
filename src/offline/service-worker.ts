/**
 * The service worker, built into dist/sw.js by scripts/standalone-scripts.ts, which replaces
 * the two placeholders below with the build's version and its list of files
 * (docs/deploy.md#offline-and-updates).
 *
 * - install: keeps every file of this build in a cache named after the version, and declares
 *   the fetch handler's rules as static routes, which the browser follows without starting
 *   the worker (src/offline/policy.ts, `staticRoutes`);
 * - activate: deletes the caches of earlier versions;
 * - fetch: the site's own files from that cache (index.html for every navigation), falling
 *   back to the network; anything else (the feed call, story images, other origins) is left
 *   to the browser;
 * - message SKIP_WAITING: a new version waiting behind an old one takes over now. Only a page
 *   posts it (src/offline/service-worker-registration.ts), and every page of the old version
 *   reloads when it does, so that no page mixes files of two builds. No clients.claim: the first
 *   worker controls the next visit, not the page that installed it;
 * - push: a notification of new reports on a followed story; notificationclick: the story's page
 *   when it names one, else the Following view, in the tab already open or a new one
 *   (docs/product.md#following-a-story, #a-page-for-each-story).
 */
import { APP_SHELL, cacheName, clickPathFrom, handlingOf, isSkipWaiting, notificationOf, type RouterRule, staleCaches, staticRoutes, storable } from './policy.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface InstallEvent extends ExtendableEvent {
  /** The Static Routing API: Chromium 123 and later; other browsers use the fetch handler alone. */
  addRoutes?: (rules: RouterRule[]) => Promise<void>;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}

interface NotificationEvent extends ExtendableEvent {
  readonly notification: { close(): void; readonly data: unknown };
}

interface WindowClient {
  readonly url: string;
  focus(): Promise<unknown>;
  /** The same tab at its new address; null when it left the site. */
  navigate(url: string): Promise<WindowClient | null>;
}

interface WorkerScope {
  readonly location: Location;
  readonly registration: { showNotification(title: string, options: { body: string; tag: string; icon: string; data: { path: string } }): Promise<void> };
  readonly clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<unknown> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const VERSION: string = '__NEWSROOM_SW_VERSION__';
const FILES: string[] = JSON.parse('__NEWSROOM_SW_FILES__') as string[];
const CACHE = cacheName(VERSION);
const precached = new Set(FILES);

worker.addEventListener('install', (event) => {
  event.waitUntil(keepFiles());
  addStaticRoutes(event);
});

/** Every file of this build in this version's cache, or none: a failed install leaves no half-filled cache behind. */
async function keepFiles(): Promise<void> {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      FILES.map(async (path) => {
        // `reload`: the files as the server has them now, not an older copy from the HTTP cache.
        const response = await fetch(new Request(path, { cache: 'reload' }));
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await cache.put(path, storable(response));
      }),
    );
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

/** Routes the browser follows without starting the worker; where it cannot, the fetch handler below does the same. */
function addStaticRoutes(event: InstallEvent): void {
  if (typeof event.addRoutes !== 'function') return;
  try {
    // A browser that rejects these rules still has the fetch handler: the install must not fail.
    event.waitUntil(event.addRoutes(staticRoutes(worker.location.origin, FILES, CACHE)).catch(() => undefined));
  } catch {
    // As above, for a browser whose addRoutes throws instead of rejecting.
  }
}

worker.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void worker.skipWaiting();
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(staleCaches(names, CACHE).map((name) => caches.delete(name)))));
});

async function fromCache(path: string, request: Request): Promise<Response> {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.location.origin, precached);
  if (handling.kind === 'network') return;
  event.respondWith(fromCache(handling.kind === 'cached' ? handling.path : APP_SHELL, event.request));
});

worker.addEventListener('push', (event) => {
  const { title, body, path } = notificationOf(event.data?.text() ?? null);
  // One notification of new reports at a time: a newer one replaces it.
  event.waitUntil(worker.registration.showNotification(title, { body, tag: 'new-reports', icon: '/icons/icon-192.png', data: { path } }));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(clickPathFrom(event.notification.data)));
});

/** The page a notification leads to: in the site's tab already open, brought forward, else in a new one. */
async function openPage(path: string): Promise<unknown> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  // A tab this worker does not control cannot be sent elsewhere: a new one opens instead.
  const there = open ? await open.navigate(path).catch(() => null) : null;
  if (!there) return worker.clients.openWindow(path);
  return there.focus().catch(() => undefined);
}

export {};
