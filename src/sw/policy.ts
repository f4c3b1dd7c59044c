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

/** Caches of this site that an activating version `current` deletes. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}
