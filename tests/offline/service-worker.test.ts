/**
 * The service worker's rules (src/offline/policy.ts, docs/deploy.md#offline-and-updates): only
 * same-origin GETs of the site's own files come from its cache, every navigation gets the
 * kept index.html, and the feed call is never its business. Its registration, which never
 * breaks the page, and how the page brings in the new version a deploy installs.
 */
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, watchForUpdates } from '../../src/offline/service-worker-registration.ts';
import { APP_SHELL, cacheName, handlingOf, isSkipWaiting, type RequestFacts, type RouterCondition, staleCaches, staticRoutes, storable } from '../../src/offline/policy.ts';

const ORIGIN = 'https://news.example.com';
const PRECACHED = new Set(['/', '/assets/index-abc123.js', '/assets/samples-def456.js', '/manifest.webmanifest', '/icons/icon-192.png']);
const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode });

describe('what the worker answers from its cache', () => {
  it.each([
    ['the entry script', get(`${ORIGIN}/assets/index-abc123.js`, 'cors'), '/assets/index-abc123.js'],
    ['a lazy chunk', get(`${ORIGIN}/assets/samples-def456.js`), '/assets/samples-def456.js'],
    ['the manifest', get(`${ORIGIN}/manifest.webmanifest`, 'no-cors'), '/manifest.webmanifest'],
    ['an icon opened directly', get(`${ORIGIN}/icons/icon-192.png`, 'navigate'), '/icons/icon-192.png'],
  ])('%s: the kept file', (_case, request, path) => {
    expect(handlingOf(request, ORIGIN, PRECACHED)).toEqual({ kind: 'cached', path });
  });

  it.each([
    ['the home page', `${ORIGIN}/`],
    ['a filtered view', `${ORIGIN}/?q=climate&category=Science`],
    ['/index.html itself', `${ORIGIN}/index.html`],
    ['an unknown path (the not-found page renders)', `${ORIGIN}/some/unknown/path`],
  ])('a navigation to %s: the kept index.html', (_case, url) => {
    expect(APP_SHELL).toBe('/');
    expect(handlingOf(get(url, 'navigate'), ORIGIN, PRECACHED)).toEqual({ kind: 'app-shell' });
  });

  it.each([
    ['the feed call on the backend origin', get('https://project.supabase.co/functions/v1/fetch-news')],
    ['the feed call, even same-origin and as a GET', get(`${ORIGIN}/functions/v1/fetch-news`)],
    ['a same-origin navigation to the feed call', get(`${ORIGIN}/functions/v1/fetch-news`, 'navigate')],
    ['the feed call as a POST', { method: 'POST', url: `${ORIGIN}/functions/v1/fetch-news`, mode: 'cors' }],
    ['a story image on a publisher host', get('https://images.example.org/story-1.jpg', 'no-cors')],
    ['a navigation to another site', get('https://news.example.org/story', 'navigate')],
    ['a POST to a kept path', { method: 'POST', url: `${ORIGIN}/assets/index-abc123.js`, mode: 'cors' }],
    ['a file the build did not ship', get(`${ORIGIN}/assets/index-old999.js`)],
    ['a kept file with a query', get(`${ORIGIN}/assets/index-abc123.js?v=2`)],
    ['a lookalike origin', get('https://news.example.com.evil.example/assets/index-abc123.js')],
  ])('%s: the network, untouched', (_case, request) => {
    expect(handlingOf(request, ORIGIN, PRECACHED)).toEqual({ kind: 'network' });
  });
});

/**
 * How Chromium applies the static routes to a request (the first rule whose condition holds; none:
 * the fetch handler), for the conditions staticRoutes uses. A pattern with a base URL and a
 * pathname matches that origin, that exact path (no wildcards are used) and the given search.
 */
function matches(condition: RouterCondition, request: RequestFacts): boolean {
  if ('or' in condition) return condition.or.some((inner) => matches(inner, request));
  if ('not' in condition) return !matches(condition.not, request);
  if ('requestMode' in condition) return request.mode === condition.requestMode;
  const url = new URL(request.url);
  const { baseURL, pathname, search } = condition.urlPattern;
  expect(pathname).not.toMatch(/[*:(){}]/);
  return request.method === condition.requestMethod && url.origin === new URL(baseURL).origin && url.pathname === pathname && url.search.replace(/^\?/, '') === search;
}

function routed(request: RequestFacts) {
  const rule = staticRoutes(ORIGIN, PRECACHED, 'newsroom-1234abcd').find((candidate) => matches(candidate.condition, request));
  return rule?.source ?? 'fetch-event';
}

describe('the static routes: the same answers, without starting the worker', () => {
  const requests: Array<[string, RequestFacts]> = [
    ['the home page', get(`${ORIGIN}/`, 'navigate')],
    ['the entry script (a CORS request)', get(`${ORIGIN}/assets/index-abc123.js`, 'cors')],
    ['the manifest', get(`${ORIGIN}/manifest.webmanifest`, 'no-cors')],
    ['an icon opened directly', get(`${ORIGIN}/icons/icon-192.png`, 'navigate')],
    ['a filtered view', get(`${ORIGIN}/?q=climate`, 'navigate')],
    ['an unknown path', get(`${ORIGIN}/some/unknown/path`, 'navigate')],
    ['/index.html itself', get(`${ORIGIN}/index.html`, 'navigate')],
    ['the feed call on the backend origin', get('https://project.supabase.co/functions/v1/fetch-news')],
    ['the feed call, same-origin', get(`${ORIGIN}/functions/v1/fetch-news`)],
    ['a same-origin navigation to the feed call', get(`${ORIGIN}/functions/v1/fetch-news`, 'navigate')],
    ['the feed call as a POST', { method: 'POST', url: `${ORIGIN}/functions/v1/fetch-news`, mode: 'cors' }],
    ['a story image on a publisher host', get('https://images.example.org/story-1.jpg', 'no-cors')],
    ['a POST to a kept path', { method: 'POST', url: `${ORIGIN}/assets/index-abc123.js`, mode: 'cors' }],
    ['a file the build did not ship', get(`${ORIGIN}/assets/index-old999.js`)],
    ['a kept file with a query', get(`${ORIGIN}/assets/index-abc123.js?v=2`)],
    ['a kept path on another origin', get(`https://news.example.org/assets/index-abc123.js`)],
    ['a navigation to another site', get('https://news.example.org/story', 'navigate')],
  ];

  it.each(requests)('%s', (_case, request) => {
    const source = routed(request);
    const handling = handlingOf(request, ORIGIN, PRECACHED);
    if (source === 'fetch-event') {
      // Left to the handler: navigations only, which it may answer with the app shell.
      expect(request.mode).toBe('navigate');
    } else if (source === 'network') {
      expect(handling).toEqual({ kind: 'network' });
    } else {
      // The kept file itself, from this version's cache, exactly where the handler would give it.
      expect(source).toEqual({ cacheName: 'newsroom-1234abcd' });
      const path = new URL(request.url).pathname;
      expect(handling).toEqual(path === APP_SHELL ? { kind: 'app-shell' } : { kind: 'cached', path });
    }
  });

  it('sends the site files to the cache and everything but navigations to the network', () => {
    expect(routed(get(`${ORIGIN}/`, 'navigate'))).toEqual({ cacheName: 'newsroom-1234abcd' });
    expect(routed(get(`${ORIGIN}/assets/index-abc123.js`, 'cors'))).toEqual({ cacheName: 'newsroom-1234abcd' });
    expect(routed(get('https://project.supabase.co/functions/v1/fetch-news'))).toBe('network');
    expect(routed(get(`${ORIGIN}/?q=climate`, 'navigate'))).toBe('fetch-event');
  });
});

describe('what the cache keeps of a response', () => {
  it('drops Vary, which would make CORS requests (module scripts) miss the one kept copy', async () => {
    const kept = storable(new Response('export {};', { status: 200, headers: { 'content-type': 'text/javascript', vary: 'Origin', 'cache-control': 'no-cache' } }));
    expect(kept.headers.has('vary')).toBe(false);
    expect(kept.headers.get('content-type')).toBe('text/javascript');
    expect(kept.headers.get('cache-control')).toBe('no-cache');
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe('export {};');
  });

  it('keeps a response without Vary as it is', () => {
    const response = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    expect(storable(response)).toBe(response);
  });
});

describe('versions', () => {
  it('names the cache after the build and deletes only earlier caches of this site', () => {
    const current = cacheName('1234abcd');
    expect(current).toBe('newsroom-1234abcd');
    expect(staleCaches(['newsroom-0000aaaa', current, 'other-app-cache', 'newsroom-ffff0000'], current)).toEqual(['newsroom-0000aaaa', 'newsroom-ffff0000']);
  });
});

describe('registering the worker', () => {
  const effects = { offer: () => {}, reload: () => {} };

  it('registers /sw.js for the whole site', async () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    registerServiceWorker({ serviceWorker: { register } as unknown as ServiceWorkerContainer }, effects);
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
  });

  it('does nothing where there are no service workers, and swallows a refused registration', async () => {
    expect(() => registerServiceWorker({}, effects)).not.toThrow();
    const refused = Promise.reject(new DOMException('Service workers are disabled', 'SecurityError'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      registerServiceWorker({ serviceWorker: { register: () => refused } as unknown as ServiceWorkerContainer }, effects);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

/** A worker as the page sees it: its state, and the messages the page posts to it. */
class FakeWorker extends EventTarget {
  readonly posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** A page of the site, its worker's registration, and what the page did: offers shown, reloads. */
function page({ controlled, waiting = null, installing = null }: { controlled: boolean; waiting?: FakeWorker | null; installing?: FakeWorker | null }) {
  const container = Object.assign(new EventTarget(), { controller: controlled ? ({} as ServiceWorker) : null });
  const registration = Object.assign(new EventTarget(), { waiting, installing });
  const offers: Array<() => void> = [];
  let reloads = 0;
  watchForUpdates(container, registration as unknown as ServiceWorkerRegistration, { offer: (accept) => offers.push(accept), reload: () => (reloads += 1) });
  return {
    offers,
    get reloads() {
      return reloads;
    },
    /** The browser found a newer sw.js and started installing it. */
    found(worker: FakeWorker) {
      registration.installing = worker;
      registration.dispatchEvent(new Event('updatefound'));
    },
    /** A new worker took control of the site's pages. */
    takenOver() {
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

const SKIP_WAITING = { type: 'SKIP_WAITING' };

describe('a new version after a deploy', () => {
  it('waiting already when the page registers (installed during an earlier visit, or as the page loaded): taken at once, and the page reloads into it', () => {
    const next = new FakeWorker('installed');
    const opened = page({ controlled: true, waiting: next });
    expect(next.posted).toEqual([SKIP_WAITING]);
    expect(opened.offers).toHaveLength(0);
    expect(opened.reloads).toBe(0);
    opened.takenOver();
    expect(opened.reloads).toBe(1);
  });

  it('installing while the page is open: offered once installed, taken by the press, then the page reloads', () => {
    const next = new FakeWorker('installing');
    const opened = page({ controlled: true, installing: next });
    expect(opened.offers).toHaveLength(0);
    next.become('installed');
    expect(opened.offers).toHaveLength(1);
    expect(next.posted).toEqual([]);
    opened.offers[0]!();
    expect(next.posted).toEqual([SKIP_WAITING]);
    opened.takenOver();
    expect(opened.reloads).toBe(1);
  });

  it('found by the browser later in the visit: offered the same way', () => {
    const opened = page({ controlled: true });
    const next = new FakeWorker('installing');
    opened.found(next);
    next.become('installed');
    expect(opened.offers).toHaveLength(1);
    opened.offers[0]!();
    expect(next.posted).toEqual([SKIP_WAITING]);
  });

  it('a new worker that fails to install is never offered', () => {
    const opened = page({ controlled: true });
    const broken = new FakeWorker('installing');
    opened.found(broken);
    broken.become('redundant');
    expect(opened.offers).toHaveLength(0);
    expect(broken.posted).toEqual([]);
  });

  it('taken over by another tab: this page of the old version reloads too', () => {
    const opened = page({ controlled: true });
    opened.takenOver();
    expect(opened.reloads).toBe(1);
  });

  it('a first visit (no worker controls the page yet): nothing offered, nothing taken, no reload', () => {
    const first = new FakeWorker('installing');
    const opened = page({ controlled: false, installing: first });
    first.become('installed');
    opened.takenOver();
    expect(opened.offers).toHaveLength(0);
    expect(first.posted).toEqual([]);
    expect(opened.reloads).toBe(0);
  });

  it('the worker takes SKIP_WAITING in its own shape only', () => {
    expect(isSkipWaiting(SKIP_WAITING)).toBe(true);
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false);
    expect(isSkipWaiting({ type: 'skip_waiting' })).toBe(false);
    expect(isSkipWaiting(null)).toBe(false);
    expect(isSkipWaiting(undefined)).toBe(false);
  });
});
