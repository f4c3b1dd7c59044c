/**
 * What the service worker does with a request (docs/deploy.md#offline-and-updates). Pure, so
 * that tests read it without a worker: only same-origin GETs of the site's own files are
 * answered from the cache; everything else, the feed call above all, goes to the network
 * untouched.
 */

/** Every cache this site's workers create starts with this; a new version deletes the others. */
export const CACHE_PREFIX = 'newsroom-';

/**
 * The page every navigation gets (the app routes on the client, like the host's SPA fallback):
 * index.html, kept under `/`, since some hosts redirect `/index.html` to `/`.
 */
export const APP_SHELL = '/';

/** Supabase Edge Functions, the feed call among them: never answered from the cache. */
export const FUNCTIONS_PATH = '/functions/v1/';

export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/**
 * - `cached`: one of the site's own files, kept when the worker was installed (its path);
 * - `app-shell`: a navigation to any other path of the site: the cached index.html;
 * - `network`: not the worker's business (another origin, not a GET, the feed call, anything
 *   the site did not ship): the browser fetches it as if there were no worker.
 */
export type Handling = { kind: 'cached'; path: string } | { kind: 'app-shell' } | { kind: 'network' };

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
}

export function handlingOf(request: RequestFacts, origin: string, precached: ReadonlySet<string>): Handling {
  if (request.method !== 'GET') return { kind: 'network' };
  const url = new URL(request.url);
  if (url.origin !== origin || url.pathname.startsWith(FUNCTIONS_PATH)) return { kind: 'network' };
  // The search part names filters (`/?q=…`), never another file.
  if (request.mode === 'navigate') return precached.has(url.pathname) && url.pathname !== APP_SHELL ? { kind: 'cached', path: url.pathname } : { kind: 'app-shell' };
  if (precached.has(url.pathname) && url.search === '') return { kind: 'cached', path: url.pathname };
  return { kind: 'network' };
}

/** A condition of the Static Routing API (InstallEvent.addRoutes), as far as these routes use it. */
export type RouterCondition =
  | { urlPattern: { baseURL: string; pathname: string; search: string }; requestMethod: 'GET' }
  | { requestMode: 'navigate' }
  | { or: RouterCondition[] }
  | { not: RouterCondition };

export interface RouterRule {
  condition: RouterCondition;
  source: 'network' | { cacheName: string };
}

/**
 * The same rules as `handlingOf`, declared to the browser at install (the Static Routing API),
 * so that it answers them without starting the worker: a repeat visit's page and files come
 * straight from the cache, and the feed call straight from the network. What they leave to the
 * worker's fetch handler are navigations to paths that are not kept files (`/?q=…`, unknown
 * paths), which get the app shell.
 */
export function staticRoutes(origin: string, precached: Iterable<string>, cache: string): RouterRule[] {
  const kept = [...precached].map((pathname): RouterCondition => ({ urlPattern: { baseURL: origin, pathname, search: '' }, requestMethod: 'GET' }));
  return [
    { condition: { or: kept }, source: { cacheName: cache } },
    { condition: { not: { requestMode: 'navigate' } }, source: 'network' },
  ];
}

/**
 * A file's response as the cache keeps it: without `Vary`. The cache holds one copy of each of
 * the site's own files, whatever the request; but a lookup honours `Vary`, and hosts that send
 * `Vary: Origin` (`vite preview` does) would make every CORS request (the app's module scripts
 * carry an `Origin` header, the install's requests do not) miss the cache, on the static routes
 * and so with no network at all.
 */
export function storable(response: Response): Response {
  if (!response.headers.has('vary')) return response;
  const headers = new Headers(response.headers);
  headers.delete('vary');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * What the page posts to a waiting worker to bring its version in now (the visitor pressed
 * "Reload", or reloaded while it waited): the worker stops waiting, and every page of the old
 * version reloads into the new one on `controllerchange`.
 */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export function isSkipWaiting(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === SKIP_WAITING.type;
}

/** Caches of this site that an activating version `current` deletes. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/** Where a click on a notification of new reports on several stories leads: the Following view (docs/product.md#following-a-story). */
export const FOLLOWING_PATH = '/?following=1';

/** A story's id as the function makes and checks them: 1 to 128 of these characters. */
const STORY_ID = /^[0-9A-Za-z._:-]{1,128}$/;

/** Where a notification's click leads: the page of the one story it names, else the Following view. */
export function clickPathOf(stories: unknown): string {
  const [only, ...more] = Array.isArray(stories) ? stories : [];
  return more.length === 0 && typeof only === 'string' && STORY_ID.test(only) ? `/story/${encodeURIComponent(only)}` : FOLLOWING_PATH;
}

/** The address a clicked notification keeps (its `data`, which the worker wrote), checked again: a story's page or the Following view. */
export function clickPathFrom(data: unknown): string {
  const path = typeof data === 'object' && data !== null && Object.hasOwn(data, 'path') ? (data as { path: unknown }).path : null;
  return typeof path === 'string' && (path === FOLLOWING_PATH || /^\/story\/[^/?#]+$/.test(path)) ? path : FOLLOWING_PATH;
}

/** A notification's title when the push message has none of its own. */
export const DEFAULT_NOTIFICATION_TITLE = 'New reports';

/**
 * A push message's notification: its JSON `{ title, body, stories }` (the function writes "New
 * reports: {story title}", and the ids of the stories with news), read as untrusted; anything else
 * gets the default title and no body. A click leads to `path` (clickPathOf).
 */
export function notificationOf(text: string | null): { title: string; body: string; path: string } {
  let message: unknown;
  try {
    message = text === null ? null : JSON.parse(text);
  } catch {
    message = null;
  }
  const fields = typeof message === 'object' && message !== null && !Array.isArray(message) ? (message as Record<string, unknown>) : {};
  const title = Object.hasOwn(fields, 'title') && typeof fields.title === 'string' ? fields.title.trim().slice(0, 200) : '';
  const body = Object.hasOwn(fields, 'body') && typeof fields.body === 'string' ? fields.body.trim().slice(0, 500) : '';
  return { title: title === '' ? DEFAULT_NOTIFICATION_TITLE : title, body, path: clickPathOf(Object.hasOwn(fields, 'stories') ? fields.stories : null) };
}
