/**
 * The bench's stand-in backend, one node:http server on 127.0.0.1: it answers the fetch-news
 * GET with the scenario's stories, serves the story images as small PNGs, and /static.html,
 * the no-JavaScript floor of the same stories. The site itself is served by `vite preview`.
 */
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { staticPage, storyImagePng } from './stories.mjs';

/** @typedef {import('./stories.mjs').Story} Story */

const FUNCTION_PATH = '/functions/v1/fetch-news';
/** The function's own caching header (docs/product.md#the-fetch-news-function); images as a CDN sends them. */
const FEED_CACHE = 'public, max-age=300, s-maxage=300, stale-while-revalidate=300';
const IMAGE_CACHE = 'public, max-age=31536000, immutable';
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/**
 * @typedef {object} StandIn
 * @property {string} origin e.g. http://127.0.0.1:43121
 * @property {(stories: Story[]) => void} setStories the answer of fetch-news and the content of /static.html from now on
 * @property {() => Promise<void>} close
 */

/**
 * Starts the stand-in on a free loopback port.
 * @returns {Promise<StandIn>}
 */
export async function startStandIn() {
  /** Text bodies as sent: raw, and gzipped as the function's host and a static host send them. */
  let answer = { raw: Buffer.from('{"stories":[]}'), gzip: gzipSync('{"stories":[]}') };
  let page = { raw: Buffer.from(staticPage([])), gzip: gzipSync(staticPage([])) };
  /** Story images, made once per name. @type {Map<string, Buffer>} */
  const images = new Map();

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  function handle(request, response) {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    /** @param {number} status @param {Record<string, string>} headers @param {Buffer | { raw: Buffer, gzip: Buffer }} [body] */
    const send = (status, headers, body = Buffer.alloc(0)) => {
      const compressed = !Buffer.isBuffer(body) && gzip;
      const bytes = Buffer.isBuffer(body) ? body : compressed ? body.gzip : body.raw;
      response.writeHead(status, { ...headers, ...(compressed ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}), 'content-length': String(bytes.length) });
      response.end(request.method === 'HEAD' ? undefined : bytes);
    };
    if (pathname === FUNCTION_PATH) {
      if (request.method === 'OPTIONS') return send(204, CORS);
      return send(200, { ...CORS, 'content-type': 'application/json', 'cache-control': FEED_CACHE }, answer);
    }
    if (pathname === '/static.html') return send(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, page);
    if (pathname.startsWith('/bench-images/')) {
      let image = images.get(pathname);
      if (image === undefined) {
        image = storyImagePng(pathname);
        images.set(pathname, image);
      }
      return send(200, { 'content-type': 'image/png', 'cache-control': IMAGE_CACHE }, image);
    }
    return send(404, { 'content-type': 'text/plain; charset=utf-8' }, Buffer.from('Not found'));
  }

  const server = createServer((request, response) => {
    // A body, if any, is not read: drain it so that keep-alive works.
    request.resume();
    request.on('end', () => handle(request, response));
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the stand-in has no TCP address');

  return {
    origin: `http://127.0.0.1:${address.port}`,
    setStories(stories) {
      const json = JSON.stringify({ stories });
      answer = { raw: Buffer.from(json), gzip: gzipSync(json) };
      const html = staticPage(stories);
      page = { raw: Buffer.from(html), gzip: gzipSync(html) };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
