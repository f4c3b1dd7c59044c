/**
 * The service worker as it ships: src/offline/service-worker.ts built into sw.js by the site's own
 * method (scripts/standalone-scripts.ts: one classic script, the version and file list filled in),
 * beside a small site of the same shape as dist/, then run in a global scope of its own with a fake
 * CacheStorage and a fake host, and driven by the events a browser dispatches to it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFunction } from 'node:vm';
import { build, type Plugin, type Rollup } from 'vite';
import { standaloneScripts } from '../../scripts/standalone-scripts.ts';
import type { RouterRule } from '../../src/offline/policy.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A build of the site: its sw.js, and every other file as the host serves it, by URL path. */
export interface Site {
  worker: string;
  files: Map<string, Uint8Array>;
}

/**
 * The site built as `vite build` builds it, with a page and an entry script standing in for the
 * app's (`/` holding `<title>${name}</title>`, `/assets/index-${name}.js`), plus theme-boot.js,
 * public/ and sw.js, which the same plugin adds to every build.
 */
export async function buildSite(name: string): Promise<Site> {
  const page: Plugin = {
    name: 'a-page-and-its-script',
    resolveId: (id) => (id === 'entry' ? '\0entry' : null),
    load: (id) => (id === '\0entry' ? `document.title = ${JSON.stringify(name)};` : null),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'index.html', source: `<!doctype html><title>${name}</title>` });
    },
  };
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [page, standaloneScripts()],
    build: { write: false, rollupOptions: { input: 'entry', output: { entryFileNames: `assets/index-${name}.js` } } },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((part) => ('output' in part ? part.output : []));
  const files = new Map<string, Uint8Array>();
  let worker = '';
  for (const file of output as Array<Rollup.OutputChunk | Rollup.OutputAsset>) {
    const content = file.type === 'chunk' ? file.code : file.source;
    if (file.fileName === 'sw.js') worker = String(content);
    else files.set(file.fileName === 'index.html' ? '/' : `/${file.fileName}`, typeof content === 'string' ? new TextEncoder().encode(content) : content);
  }
  // The host also serves public/, which Vite copies into dist/ as it is.
  const publicDir = join(root, 'public');
  for (const path of readdirSync(publicDir, { recursive: true, encoding: 'utf8' })) {
    const full = join(publicDir, path);
    if (statSync(full).isFile()) files.set(`/${relative(publicDir, full).split(sep).join('/')}`, new Uint8Array(readFileSync(full)));
  }
  if (worker === '') throw new Error('the build wrote no sw.js');
  return { worker, files };
}

interface Kept {
  body: ArrayBuffer;
  init: ResponseInit;
}

/** A Cache as the worker sees it: one response per URL, relative URLs read against the worker's own address (/sw.js), as a browser reads them. */
export class FakeCache {
  private readonly entries = new Map<string, Kept>();
  constructor(private readonly origin: string) {}

  private key(request: RequestInfo | URL): string {
    return new URL(request instanceof Request ? request.url : request, new URL('/sw.js', this.origin)).href;
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(this.key(request), { body, init: { status: response.status, statusText: response.statusText, headers: [...response.headers] } });
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const kept = this.entries.get(this.key(request));
    return kept && new Response(kept.body.slice(0), kept.init);
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.key(request));
  }
}

/** The browser's CacheStorage for one origin, shared by every version of the worker. */
export class FakeCacheStorage {
  private readonly caches = new Map<string, FakeCache>();
  constructor(private readonly origin: string) {}

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache(this.origin)));
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  /** A deleted cache leaves the storage; a worker still holding it writes into nothing the site can read. */
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options: { cacheName?: string } = {}): Promise<Response | undefined> {
    const names = options.cacheName === undefined ? [...this.caches.keys()] : [options.cacheName];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /** The paths a cache holds, with each file's text (test side only). */
  async contents(name: string): Promise<Map<string, string>> {
    const cache = this.caches.get(name);
    const contents = new Map<string, string>();
    for (const request of (await cache?.keys()) ?? []) {
      const url = new URL(request.url);
      contents.set(`${url.pathname}${url.search}`, (await (await cache!.match(request))!.text()));
    }
    return contents;
  }
}

/**
 * The network as the worker and the browser reach it: the site's host serves the files of the
 * deployed build (with `Vary: Origin`, as `vite preview` does) and 404 for anything else; the
 * feed call, on any origin, answers with no stories; other origins answer for themselves. Every
 * request is logged.
 */
export class FakeNetwork {
  readonly requests: Request[] = [];
  offline = false;
  /** Files the host answers with this status instead (a deploy half-uploaded, a host failing). */
  readonly failing = new Map<string, number>();

  constructor(
    private readonly origin: string,
    public deployed: Site,
  ) {}

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    this.requests.push(request);
    if (this.offline) throw new TypeError('Failed to fetch');
    const url = new URL(request.url);
    if (url.pathname.startsWith('/functions/v1/')) return Response.json({ stories: [] });
    if (url.origin !== this.origin) return new Response(`${url.origin} answers ${url.pathname}`, { headers: { 'content-type': 'text/plain' } });
    const status = this.failing.get(url.pathname);
    if (status !== undefined) return new Response('Failure', { status });
    const file = this.deployed.files.get(url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(file.slice(), { headers: { vary: 'Origin', 'cache-control': 'no-cache' } });
  };

  /** What was requested since the last call: the path on the site's own origin, the whole URL elsewhere. */
  takeRequests(): string[] {
    return this.requests.splice(0).map((request) => {
      const url = new URL(request.url);
      return `${url.origin === this.origin ? '' : url.origin}${url.pathname}${url.search}`;
    });
  }
}

class ExtendableEvent extends Event {
  readonly extensions: Array<Promise<unknown>> = [];
  waitUntil(promise: Promise<unknown>): void {
    this.extensions.push(Promise.resolve(promise));
  }
}

class InstallEvent extends ExtendableEvent {
  addRoutes?: (rules: RouterRule[]) => Promise<void>;
}

class FetchEvent extends ExtendableEvent {
  answer: Promise<Response> | undefined;
  constructor(readonly request: Request) {
    super('fetch');
  }
  respondWith(response: Promise<Response>): void {
    if (this.answer) throw new DOMException('respondWith was already called', 'InvalidStateError');
    this.answer = Promise.resolve(response);
  }
}

/** How a browser with the Static Routing API takes the worker's routes, or fails to. */
export type Routing = 'no routing API' | 'accepts' | 'rejects' | 'throws';

/** A navigation, as the browser hands it to the worker (Node's Request refuses to build one with this mode). */
export function navigation(url: string): Request {
  const request = new Request(url);
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return request;
}

/** One version of the worker, as the browser runs it: its script evaluated once, then its events. */
export function startWorker(code: string, { origin, caches, network }: { origin: string; caches: FakeCacheStorage; network: FakeNetwork }) {
  const listeners = new Map<string, Array<(event: Event) => void>>();
  let skipWaitingCalls = 0;
  const location = new URL('/sw.js', origin);
  /** The notifications shown, and the tabs: their addresses, which took focus, which the worker opened. */
  const notifications: Array<{ title: string; options: unknown }> = [];
  const tabs: Array<{ url: string; focused: boolean; opened: boolean; uncontrolled?: boolean }> = [];
  /** `uncontrolled`: a tab opened before the worker, which it cannot send elsewhere. */
  type Tab = { url: string; focused: boolean; uncontrolled?: boolean };
  const windowClient = (tab: Tab): { url: string; focus(): Promise<void>; navigate(url: string): Promise<unknown> } => ({
    get url() {
      return tab.url;
    },
    focus: async () => {
      tab.focused = true;
    },
    navigate: async (url: string) => {
      if (tab.uncontrolled) throw new TypeError('This service worker is not the client\'s active service worker.');
      tab.url = new URL(url, location).href;
      return windowClient(tab);
    },
  });
  /** Relative URLs in a worker are read against its own script's address. */
  class WorkerRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, location) : input, init);
    }
  }
  const scope = Object.assign(Object.create(globalThis) as object, {
    location,
    skipWaiting: async () => {
      skipWaitingCalls += 1;
    },
    registration: {
      showNotification: async (title: string, options: unknown) => {
        notifications.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => tabs.map(windowClient),
      openWindow: async (url: string) => {
        tabs.push({ url: new URL(url, location).href, focused: true, opened: true });
      },
    },
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  });
  // The worker's globals, as parameters over Node's own (Response, Headers, URL; and the global
  // state a mutation run's switches read through `globalThis`, hence its prototype).
  const globals = { globalThis: scope, self: scope, caches, fetch: network.fetch, Request: WorkerRequest };
  compileFunction(code, Object.keys(globals), { filename: 'sw.js' })(...Object.values(globals));

  /** Runs the listeners as the browser does; one that throws fails the test. */
  function dispatch(event: Event): void {
    for (const listener of listeners.get(event.type) ?? []) listener(event);
  }

  /** Whether every promise the listeners extended the event with was fulfilled. */
  async function settled(event: ExtendableEvent): Promise<boolean> {
    return (await Promise.allSettled(event.extensions)).every((result) => result.status === 'fulfilled');
  }

  return {
    get skipWaitingCalls() {
      return skipWaitingCalls;
    },

    /**
     * The install; `installed` false is what makes the browser drop this version, and `failure`
     * is the reason the browser's console shows for it.
     */
    async install(routing: Routing = 'no routing API'): Promise<{ installed: boolean; routes: RouterRule[][]; failure?: string }> {
      const event = new InstallEvent('install');
      const routes: RouterRule[][] = [];
      if (routing !== 'no routing API') {
        event.addRoutes = (rules) => {
          routes.push(rules);
          if (routing === 'throws') throw new TypeError('addRoutes: a rule this browser does not know');
          return routing === 'rejects' ? Promise.reject(new TypeError('addRoutes: a rule this browser does not know')) : Promise.resolve();
        };
      }
      dispatch(event);
      const rejected = (await Promise.allSettled(event.extensions)).find((result) => result.status === 'rejected');
      if (!rejected) return { installed: true, routes };
      return { installed: false, routes, failure: rejected.reason instanceof Error ? rejected.reason.message : String(rejected.reason) };
    },

    async activate(): Promise<boolean> {
      const event = new ExtendableEvent('activate');
      dispatch(event);
      return settled(event);
    },

    /** A request from a page this version controls: the worker's answer, or the network's when it leaves it alone. */
    async fetch(request: Request): Promise<{ by: 'worker' | 'network'; response: Response }> {
      const event = new FetchEvent(request);
      dispatch(event);
      if (event.answer) return { by: 'worker', response: await event.answer };
      return { by: 'network', response: await network.fetch(request) };
    },

    message(data: unknown): void {
      dispatch(new MessageEvent('message', { data }));
    },

    notifications,
    tabs,

    /** A push message with this payload (null: none); whether what the worker did succeeded. */
    async push(payload: string | null): Promise<boolean> {
      const event = Object.assign(new ExtendableEvent('push'), { data: payload === null ? null : { text: () => payload } });
      dispatch(event);
      return settled(event);
    },

    /** A click on the last notification shown (with the `data` the worker gave it), or on one with the `data` given. */
    async clickNotification(data: unknown = (notifications.at(-1)?.options as { data?: unknown } | undefined)?.data): Promise<{ settled: boolean; closed: boolean }> {
      let closed = false;
      const event = Object.assign(new ExtendableEvent('notificationclick'), { notification: { close: () => (closed = true), data } });
      dispatch(event);
      return { settled: await settled(event), closed };
    },
  };
}
