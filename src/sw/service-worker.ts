/**
 * The service worker, built into dist/sw.js by scripts/vite-service-worker.ts, which replaces
 * the two placeholders below with the build's version and its list of files
 * (docs/deploy.md#offline-and-updates).
 *
 * - install: keeps every file of this build in a cache named after the version;
 * - activate: deletes the caches of earlier versions;
 * - fetch: the site's own files from that cache (index.html for every navigation), falling
 *   back to the network; anything else (the feed call, story images, other origins) is left
 *   to the browser.
 * No skipWaiting and no clients.claim: a new version takes over once every tab of the old one
 * is closed, so a page never mixes files of two builds.
 */
import { APP_SHELL, cacheName, handlingOf, staleCaches } from './policy.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface WorkerScope {
  readonly location: Location;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const VERSION: string = '__NEWSROOM_SW_VERSION__';
const FILES: string[] = JSON.parse('__NEWSROOM_SW_FILES__') as string[];
const CACHE = cacheName(VERSION);
const precached = new Set(FILES);

worker.addEventListener('install', (event) => {
  // `reload`: the files as the server has them now, not an older copy from the HTTP cache.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((path) => new Request(path, { cache: 'reload' })))));
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

export {};
