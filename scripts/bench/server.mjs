/**
 * The bench server: one node:http server on 127.0.0.1 that serves the built site with SPA
 * fallback, answers the fetch-news function with the scenario's stories, serves the story
 * images as small PNGs, and /static.html, the no-JavaScript floor of the same stories.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { STATIC_CSS, staticPage, storyImagePng } from './stories.mjs';

/** @typedef {import('./stories.mjs').Story} Story */

const FUNCTION_PATH = '/functions/v1/fetch-news';
/**
 * Caching as a static host and the function would send it, so that a repeat visit in the same
 * browser context is a real repeat visit: hashed assets forever, pages revalidated, the feed's
 * answer for five minutes (the function's own header, docs/product.md#the-fetch-news-function).
 */
const CACHE = {
  asset: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  feed: 'public, max-age=300, s-maxage=300, stale-while-revalidate=300',
};
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A fetch-news call as the server saw it, in ms since the epoch: the app makes the call in a
 * worker (src/app/feed-call.ts), out of the page's own resource timings, so the bench takes
 * its times from here. On loopback they are within a millisecond of the page's.
 * @typedef {{ requested: number, answered: number }} FeedCall
 */

/** Now, in ms since the epoch, with the resolution of performance.now(). */
const epochNow = () => performance.timeOrigin + performance.now();

/**
 * @typedef {object} BenchServer
 * @property {string} origin e.g. http://127.0.0.1:4391
 * @property {(stories: Story[]) => void} setStories the answer of fetch-news and the content of /static.html from now on
 * @property {() => () => void} holdAnswers fetch-news answers nothing until the returned function is called
 * @property {(since: number) => FeedCall[]} feedCallsSince the fetch-news calls received since `since` (ms since the epoch)
 * @property {() => Promise<void>} close
 */

/**
 * Starts the server. `port` 0 picks a free port; the origin is known before the site is built,
 * and files are read on first request, so the build can happen after the server is up.
 * @param {{ distDir: string, port?: number }} options
 * @returns {Promise<BenchServer>}
 */
export async function startBenchServer({ distDir, port = 0 }) {
  /** @type {Map<string, Buffer | null>} */
  const files = new Map();
  let answer = Buffer.from('{"stories":[]}');
  let page = Buffer.from(staticPage([]));
  /** While set, fetch-news answers wait for it (holdAnswers). @type {Promise<void> | null} */
  let held = null;
  /** @type {FeedCall[]} */
  const feedCalls = [];
  /** Story images, made once per name. @type {Map<string, Buffer>} */
  const images = new Map();
  /** @param {string} name */
  const storyImage = (name) => {
    let image = images.get(name);
    if (image === undefined) {
      image = storyImagePng(name);
      images.set(name, image);
    }
    return image;
  };

  /** @param {string} urlPath */
  async function siteFile(urlPath) {
    const path = normalize(join(distDir, decodeURIComponent(urlPath)));
    if (!path.startsWith(distDir + sep)) return null;
    if (!files.has(path)) files.set(path, await readFile(path).catch(() => null));
    return files.get(path) ?? null;
  }

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  async function handle(request, response) {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const send = (/** @type {number} */ status, /** @type {Record<string, string>} */ headers, /** @type {Buffer | string} */ body = '') => {
      response.writeHead(status, { 'cache-control': status === 200 ? CACHE.page : 'no-store', ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (pathname === FUNCTION_PATH) {
      if (request.method === 'OPTIONS') return send(204, CORS);
      for await (const _ of request); // drain a body, if any
      const call = { requested: epochNow(), answered: Number.NaN };
      feedCalls.push(call);
      response.once('finish', () => {
        call.answered = epochNow();
      });
      if (held) await held;
      return send(200, { ...CORS, 'content-type': 'application/json', 'cache-control': CACHE.feed }, answer);
    }
    if (pathname === '/static.html') return send(200, { 'content-type': TYPES['.html'] }, page);
    if (pathname === '/static.css') return send(200, { 'content-type': TYPES['.css'], 'cache-control': CACHE.asset }, STATIC_CSS);
    if (pathname.startsWith('/bench-images/')) return send(200, { 'content-type': TYPES['.png'], 'cache-control': CACHE.asset }, storyImage(pathname));
    const file = pathname.endsWith('/') ? null : await siteFile(pathname);
    if (file) {
      const cache = pathname.startsWith('/assets/') ? CACHE.asset : CACHE.page;
      return send(200, { 'content-type': TYPES[/** @type {keyof TYPES} */ (extname(pathname))] ?? 'application/octet-stream', 'cache-control': cache }, file);
    }
    if (extname(pathname) !== '' && !pathname.endsWith('.html')) return send(404, { 'content-type': TYPES['.txt'] }, 'Not found');
    const index = await siteFile('/index.html');
    return index ? send(200, { 'content-type': TYPES['.html'] }, index) : send(500, {}, 'dist-bench/index.html missing: build first');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the bench server has no TCP address');

  return {
    origin: `http://127.0.0.1:${address.port}`,
    setStories(stories) {
      answer = Buffer.from(JSON.stringify({ stories }));
      page = Buffer.from(staticPage(stories));
    },
    holdAnswers() {
      /** @type {() => void} */
      let release = () => {};
      held = new Promise((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    feedCallsSince(since) {
      return feedCalls.filter((call) => call.requested >= since);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
