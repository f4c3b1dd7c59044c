/**
 * sw.js as a build ships it (src/offline/service-worker.ts, docs/deploy.md#offline-and-updates),
 * run with fake caches and a fake network and given the events a browser gives it: the install
 * keeps every file of the build or none, the activation deletes earlier versions, and each kind of
 * request gets what the page needs, from the cache or left to the network.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouterRule } from '../../src/offline/policy.ts';
import { buildSite, FakeCacheStorage, FakeNetwork, navigation, type Routing, type Site, startWorker } from './worker-harness.ts';

const ORIGIN = 'https://news.example.com';
const FIRST_PAGE = '<!doctype html><title>v1</title>';
const SECOND_PAGE = '<!doctype html><title>v2</title>';

let v1: Site;
let v2: Site;

beforeAll(async () => {
  // Two deploys: every file of the second differs from the first's, or is new.
  [v1, v2] = await Promise.all([buildSite('v1'), buildSite('v2')]);
});

/** Another app on the same origin, whose cache was there first: the worker must neither read nor delete it. */
const OTHER_APP = 'other-app-cache';
const OTHER_PAGE = '<!doctype html><title>another app</title>';

/** A browser that has the site open, with nothing of it stored yet, and the first build deployed. */
async function visitor() {
  const caches = new FakeCacheStorage(ORIGIN);
  const other = await caches.open(OTHER_APP);
  for (const path of ['/', '/assets/index-v1.js', '/robots.txt']) await other.put(path, new Response(OTHER_PAGE));
  const network = new FakeNetwork(ORIGIN, v1);
  return { caches, network, worker: startWorker(v1.worker, { origin: ORIGIN, caches, network }) };
}

/** The one cache of the site's own (failing the test if there is none, or several). */
async function onlyCache(caches: FakeCacheStorage): Promise<string> {
  const names = (await caches.keys()).filter((name) => name !== OTHER_APP);
  expect(names).toHaveLength(1);
  return names[0]!;
}

/** A visitor whose worker installed and activated the first build; the network's log starts empty. */
async function installed() {
  const browser = await visitor();
  expect((await browser.worker.install()).installed).toBe(true);
  expect(await browser.worker.activate()).toBe(true);
  const cacheName = await onlyCache(browser.caches);
  browser.network.takeRequests();
  return { ...browser, cacheName };
}

const text = async ({ by, response }: { by: string; response: Response }) => ({ by, status: response.status, body: await response.text() });

describe('install', () => {
  it('keeps every file of the build, as the host serves it now, in one cache named after the version', async () => {
    const { caches, network, worker } = await visitor();
    expect(await worker.install()).toEqual({ installed: true, routes: [] });

    const name = await onlyCache(caches);
    expect(name).toMatch(/^newsroom-[0-9a-f]{16}$/);
    const kept = await caches.contents(name);
    expect([...kept.keys()].sort()).toEqual([...v1.files.keys()].sort());
    expect([...kept.keys()]).toEqual(
      expect.arrayContaining(['/', '/assets/index-v1.js', '/theme-boot.js', '/manifest.webmanifest', '/robots.txt', '/icons/favicon-32.png', '/icons/icon-192.png', '/icons/icon-512.png']),
    );
    expect(kept.has('/sw.js')).toBe(false);
    expect(kept.has('/index.html')).toBe(false);
    expect(kept.get('/')).toBe(FIRST_PAGE);
    expect(kept.get('/assets/index-v1.js')).toBe(new TextDecoder().decode(v1.files.get('/assets/index-v1.js')));

    // One request per file, past the browser's HTTP cache (a copy from before the deploy would be kept for good).
    expect(network.requests.map((request) => request.cache)).toEqual(Array(v1.files.size).fill('reload'));
    expect(network.takeRequests().sort()).toEqual([...v1.files.keys()].sort());
  });

  it("keeps a file without the host's Vary, so that a module script's CORS request finds it", async () => {
    const { caches, worker } = await visitor();
    await worker.install();
    const script = await caches.match('/assets/index-v1.js', { cacheName: await onlyCache(caches) });
    expect(script?.headers.has('vary')).toBe(false);
    expect(script?.headers.get('cache-control')).toBe('no-cache');
    expect(script?.status).toBe(200);
  });

  it.each([
    ['one file the host answers 404 for (a deploy half-uploaded)', (network: FakeNetwork) => network.failing.set('/icons/icon-512.png', 404), '/icons/icon-512.png answered 404'],
    ['the page itself failing with 500', (network: FakeNetwork) => network.failing.set('/', 500), '/ answered 500'],
    ['the network gone', (network: FakeNetwork) => (network.offline = true), 'Failed to fetch'],
  ])('fails, leaving no cache behind, on %s, naming the file and the answer in the console', async (_case, fault, failure) => {
    const { caches, network, worker } = await visitor();
    fault(network);
    expect(await worker.install()).toEqual({ installed: false, routes: [], failure });
    expect(await caches.keys()).toEqual([OTHER_APP]);
  });

  /** The routes with their kept files in path order (the browser takes `or` in any order). */
  const inPathOrder = (rules: RouterRule[]) =>
    rules.map((rule) => {
      const { condition } = rule;
      if (!('or' in condition)) return rule;
      const path = (inner: (typeof condition.or)[number]) => ('urlPattern' in inner ? inner.urlPattern.pathname : '');
      return { ...rule, condition: { or: [...condition.or].sort((a, b) => (path(a) < path(b) ? -1 : 1)) } };
    });

  it('declares the static routes where the browser has addRoutes: the kept files from this version\'s cache, every other request but navigations from the network', async () => {
    const { caches, worker } = await visitor();
    const { installed, routes } = await worker.install('accepts');
    expect(installed).toBe(true);
    const name = await onlyCache(caches);
    expect(routes).toHaveLength(1);
    expect(inPathOrder(routes[0]!)).toEqual([
      {
        condition: { or: [...v1.files.keys()].sort().map((pathname) => ({ urlPattern: { baseURL: ORIGIN, pathname, search: '' }, requestMethod: 'GET' })) },
        source: { cacheName: name },
      },
      { condition: { not: { requestMode: 'navigate' } }, source: 'network' },
    ]);
  });

  it.each<Routing>(['rejects', 'throws'])('installs all the same where the browser %s the routes (the fetch handler answers alike)', async (routing) => {
    const { caches, worker } = await visitor();
    const { installed, routes } = await worker.install(routing);
    expect(installed).toBe(true);
    expect(routes).toHaveLength(1);
    expect((await caches.contents(await onlyCache(caches))).get('/')).toBe(FIRST_PAGE);
  });
});

describe('a deploy: the next version', () => {
  it("installs beside the running one, which keeps its files; activated, it deletes earlier versions' caches and keeps other sites'", async () => {
    const { caches, network, worker: first, cacheName: firstCache } = await installed();
    // A version before it whose cache was left behind (its activation never ran).
    await (await caches.open('newsroom-00000000000000aa')).put('/', new Response('<!doctype html><title>v0</title>'));

    network.deployed = v2;
    const next = startWorker(v2.worker, { origin: ORIGIN, caches, network });
    expect((await next.install()).installed).toBe(true);
    const nextCache = (await caches.keys()).find((name) => ![firstCache, 'newsroom-00000000000000aa', OTHER_APP].includes(name));
    expect(nextCache).toMatch(/^newsroom-[0-9a-f]{16}$/);
    expect((await caches.contents(nextCache!)).get('/')).toBe(SECOND_PAGE);

    // Until the next version takes over, an open page of the first keeps getting the first's files.
    network.takeRequests();
    expect(await text(await first.fetch(navigation(`${ORIGIN}/?q=climate`)))).toEqual({ by: 'worker', status: 200, body: FIRST_PAGE });
    expect(await text(await first.fetch(new Request(`${ORIGIN}/assets/index-v1.js`)))).toMatchObject({ by: 'worker', status: 200 });
    expect(network.takeRequests()).toEqual([]);

    expect(await next.activate()).toBe(true);
    expect((await caches.keys()).sort()).toEqual([nextCache, OTHER_APP].sort());
    expect((await caches.contents(OTHER_APP)).get('/')).toBe(OTHER_PAGE);
    expect(await text(await next.fetch(navigation(`${ORIGIN}/?q=climate`)))).toEqual({ by: 'worker', status: 200, body: SECOND_PAGE });
  });

  it("that fails to install leaves the running version's cache as it was", async () => {
    const { caches, network, worker: first, cacheName: firstCache } = await installed();
    network.deployed = v2;
    network.failing.set('/assets/index-v2.js', 404);
    const next = startWorker(v2.worker, { origin: ORIGIN, caches, network });
    expect((await next.install()).installed).toBe(false);
    expect((await caches.keys()).sort()).toEqual([firstCache, OTHER_APP].sort());
    expect((await caches.contents(firstCache)).size).toBe(v1.files.size);
    expect(await text(await first.fetch(navigation(`${ORIGIN}/`)))).toEqual({ by: 'worker', status: 200, body: FIRST_PAGE });
  });
});

describe('fetch', () => {
  it.each([
    ['a filtered view', '/?q=climate&category=Science'],
    ['a search with a slash and spaces', '/?q=a%2Fb%20c'],
    ['an unknown path (the not-found page renders)', '/some/unknown/path'],
    ['the home page', '/'],
    ['/index.html itself', '/index.html'],
  ])('a navigation to %s: the kept page, with the network gone', async (_case, path) => {
    const { network, worker } = await installed();
    network.offline = true;
    expect(await text(await worker.fetch(navigation(`${ORIGIN}${path}`)))).toEqual({ by: 'worker', status: 200, body: FIRST_PAGE });
    expect(network.takeRequests()).toEqual([]);
  });

  it.each([
    ['the entry script (a CORS request)', new Request(`${ORIGIN}/assets/index-v1.js`, { mode: 'cors' })],
    ['the head script', new Request(`${ORIGIN}/theme-boot.js`, { mode: 'no-cors' })],
    ['the manifest', new Request(`${ORIGIN}/manifest.webmanifest`, { mode: 'no-cors' })],
    ['an icon opened directly', navigation(`${ORIGIN}/icons/icon-192.png`)],
  ])('%s: the kept file, not the network, even after a deploy removed it from the host', async (_case, request) => {
    const { network, worker } = await installed();
    network.deployed = v2;
    const path = new URL(request.url).pathname;
    const { by, response } = await worker.fetch(request);
    expect({ by, status: response.status }).toEqual({ by: 'worker', status: 200 });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(v1.files.get(path));
    expect(network.takeRequests()).toEqual([]);
  });

  it.each([
    ['on the backend origin', 'https://project.supabase.co/functions/v1/fetch-news?q=climate'],
    ['on the site\'s own origin (a proxied deployment)', `${ORIGIN}/functions/v1/fetch-news?q=climate`],
  ])('the feed call %s: left to the network, never answered from the cache, even with a copy in it', async (_case, url) => {
    const { caches, network, worker, cacheName } = await installed();
    const cache = await caches.open(cacheName);
    await cache.put(url, Response.json({ stories: ['kept long ago'] }));
    await cache.put('/functions/v1/fetch-news', Response.json({ stories: ['kept long ago'] }));

    expect(await text(await worker.fetch(new Request(url)))).toEqual({ by: 'network', status: 200, body: '{"stories":[]}' });
    expect(await text(await worker.fetch(navigation(url)))).toEqual({ by: 'network', status: 200, body: '{"stories":[]}' });
    network.offline = true;
    await expect(worker.fetch(new Request(url))).rejects.toThrow('Failed to fetch');
  });

  it.each([
    ['a story image on a publisher host', new Request('https://images.example.org/story-1.jpg', { mode: 'no-cors' }), 'https://images.example.org/story-1.jpg'],
    ['a navigation to another site (a story opened in this tab)', navigation('https://news.example.org/story'), 'https://news.example.org/story'],
    ['a kept path on another origin', new Request('https://news.example.org/assets/index-v1.js'), 'https://news.example.org/assets/index-v1.js'],
    ['a POST to a kept path', new Request(`${ORIGIN}/assets/index-v1.js`, { method: 'POST', body: '' }), '/assets/index-v1.js'],
    ['a file the build did not ship', new Request(`${ORIGIN}/assets/index-old999.js`), '/assets/index-old999.js'],
    ['a kept file with a query', new Request(`${ORIGIN}/assets/index-v1.js?v=2`), '/assets/index-v1.js?v=2'],
  ])('%s: left alone, to the network', async (_case, request, requested) => {
    const { network, worker } = await installed();
    expect((await worker.fetch(request)).by).toBe('network');
    expect(network.takeRequests()).toEqual([requested]);
  });

  it('with its cache lost (the browser evicted it): the page and the kept files from the network', async () => {
    const { caches, network, worker, cacheName } = await installed();
    await caches.delete(cacheName);
    expect(await text(await worker.fetch(navigation(`${ORIGIN}/?q=climate`)))).toEqual({ by: 'worker', status: 200, body: FIRST_PAGE });
    expect(network.takeRequests()).toEqual(['/?q=climate']);
    expect(await text(await worker.fetch(new Request(`${ORIGIN}/robots.txt`)))).toEqual({ by: 'worker', status: 200, body: 'User-agent: *\nAllow: /\n' });
    expect(network.takeRequests()).toEqual(['/robots.txt']);
  });
});

describe('message', () => {
  it("SKIP_WAITING, which a page posts when the visitor takes the new version: the waiting worker stops waiting", async () => {
    const { worker } = await visitor();
    worker.message({ type: 'SKIP_WAITING' });
    expect(worker.skipWaitingCalls).toBe(1);
  });

  it.each([['SKIP_WAITING'], [{ type: 'skip_waiting' }], [null], [undefined], [{}]])('any other message (%j): it keeps waiting', async (data) => {
    const { worker } = await visitor();
    worker.message(data);
    expect(worker.skipWaitingCalls).toBe(0);
  });
});

describe('notifications of new reports (docs/product.md#following-a-story)', () => {
  it("a push shows its title and body; a message that is not the function's JSON shows 'New reports'", async () => {
    const { worker } = await installed();
    expect(await worker.push(JSON.stringify({ title: 'New reports: Harbour bridge reopens', body: '2 new reports' }))).toBe(true);
    expect(await worker.push('not json')).toBe(true);
    expect(await worker.push(null)).toBe(true);
    expect(await worker.push(JSON.stringify({ title: 42 }))).toBe(true);
    expect(worker.notifications.map(({ title, options }) => [title, (options as { body: string }).body])).toEqual([
      ['New reports: Harbour bridge reopens', '2 new reports'],
      ['New reports', ''],
      ['New reports', ''],
      ['New reports', ''],
    ]);
  });

  it('a click opens /?following=1 in a new tab when none of the site is open', async () => {
    const { worker } = await installed();
    expect(await worker.clickNotification()).toEqual({ settled: true, closed: true });
    expect(worker.tabs).toEqual([{ url: `${ORIGIN}/?following=1`, focused: true, opened: true }]);
  });

  it.each([
    [{ stories: ['3k9x0c41m2p7qa'] }, '/story/3k9x0c41m2p7qa'],
    [{ stories: ['a b/c'] }, '/?following=1'],
    [{ stories: ['3k9x0c41m2p7qa', 'b2'] }, '/?following=1'],
    [{ stories: [] }, '/?following=1'],
    [{ stories: '3k9x0c41m2p7qa' }, '/?following=1'],
    [{}, '/?following=1'],
  ])("a click on the notification of a push naming %j opens %s (a story's page for one story)", async (named, path) => {
    const { worker } = await installed();
    expect(await worker.push(JSON.stringify({ title: 'New reports: Harbour bridge reopens', body: '1 new report', ...named }))).toBe(true);
    expect((await worker.clickNotification()).settled).toBe(true);
    expect(worker.tabs).toEqual([{ url: `${ORIGIN}${path}`, focused: true, opened: true }]);
  });

  it("a click with the site open in a tab the worker does not control opens a new one", async () => {
    const { worker } = await installed();
    worker.tabs.push({ url: `${ORIGIN}/`, focused: false, opened: false, uncontrolled: true });
    expect((await worker.clickNotification()).settled).toBe(true);
    expect(worker.tabs).toEqual([
      { url: `${ORIGIN}/`, focused: false, opened: false, uncontrolled: true },
      { url: `${ORIGIN}/?following=1`, focused: true, opened: true },
    ]);
  });

  it.each([[{ path: 'https://evil.example/' }], [{ path: '/story/a/../../x' }], [null], ['/story/x']])('a click whose notification holds %j opens the Following view', async (data) => {
    const { worker } = await installed();
    expect((await worker.clickNotification(data)).settled).toBe(true);
    expect(worker.tabs).toEqual([{ url: `${ORIGIN}/?following=1`, focused: true, opened: true }]);
  });

  it("a click brings the site's open tab forward, on the Following view", async () => {
    const { worker } = await installed();
    worker.tabs.push({ url: 'https://elsewhere.example.org/', focused: false, opened: false }, { url: `${ORIGIN}/?q=mars`, focused: false, opened: false });
    expect((await worker.clickNotification()).settled).toBe(true);
    expect(worker.tabs).toEqual([
      { url: 'https://elsewhere.example.org/', focused: false, opened: false },
      { url: `${ORIGIN}/?following=1`, focused: true, opened: false },
    ]);
  });
});
