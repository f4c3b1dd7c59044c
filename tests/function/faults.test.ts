import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate } from '../../supabase/functions/fetch-news/lib/aggregate.ts';
import { DEFAULT_AGGREGATE_CONFIG } from '../../supabase/functions/fetch-news/lib/config.ts';
import type { Source } from '../../supabase/functions/fetch-news/lib/types.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { freePort } from './helpers/function-process.ts';
import { FIXTURES_DIR } from './helpers/paths.ts';

// Short limits injected for the tests; production uses 8 s and 5 MB.
const CONFIG = { ...DEFAULT_AGGREGATE_CONFIG, timeoutMs: 1_000, maxBodyBytes: 256 * 1024 };
const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, name));
let server: FeedServer;
let closedPort = 0;

beforeAll(async () => {
  server = await startFeedServer();
  closedPort = await freePort();
  server.serve('/good.xml', fixture('hackernews-frontpage.rss2.xml'));
  server.serve('/good.atom', fixture('heise-developer.atom.xml'), 'application/atom+xml');
  server.route('/500', (_request, response) => response.writeHead(500, { 'content-type': 'text/plain' }).end('oops'));
  server.route('/hang', () => undefined); // never answers
  server.route('/stall', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>slow</title>'); // ...and never more
  });
  server.route('/loop', (_request, response) => response.writeHead(302, { location: '/loop' }).end());
  server.route('/garbage', (_request, response) => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
  });
  server.serve('/json', '{"stories": []}', 'application/json');
  server.serve('/empty', '', 'application/rss+xml');
  server.serve('/page.html', fixture('unrecognized.html'), 'text/html');
  server.route('/huge-declared', (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(10 * 1024 * 1024) });
    response.end();
  });
  server.route('/huge-streamed', (_request, response) => {
    // Chunked, no Content-Length: the limit must hold while reading.
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    const chunk = '<!-- padding -->'.repeat(4096);
    let sent = 0;
    const pump = (): void => {
      while (sent < 2 * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  server.serve('/bomb.xml', fixture('billion-laughs.xml'));
  server.serve('/quadratic.xml', fixture('quadratic-blowup.xml'));
  server.serve('/xxe.xml', fixture('xxe.xml'));
  server.route('/redirect-ftp', (_request, response) => response.writeHead(301, { location: 'ftp://example.com/feed' }).end());
});

afterAll(() => server.close());

const FAULTS: readonly [name: string, path: string | (() => string), error: RegExp][] = [
  ['refused connection', () => `http://127.0.0.1:${closedPort}/feed.xml`, /^request failed: /],
  ['HTTP 500', '/500', /^HTTP 500 Internal Server Error$/],
  ['HTTP 404', '/missing', /^HTTP 404 Not Found$/],
  ['hang (no answer)', '/hang', /^timed out after 1000 ms$/],
  ['hang (body never ends)', '/stall', /^timed out after 1000 ms$/],
  ['redirect loop', '/loop', /^too many redirects \(more than 5\)$/],
  ['redirect to another scheme', '/redirect-ftp', /^redirect to a non-HTTP URL/],
  ['garbage bytes', '/garbage', /^(not a feed: not XML|malformed XML)/],
  ['JSON', '/json', /^not a feed: not XML/],
  ['empty body', '/empty', /^not a feed: not XML/],
  ['HTML page', '/page.html', /^not a feed: an HTML page$/],
  ['oversize body (Content-Length)', '/huge-declared', /^body too large \(Content-Length 10485760 > 262144 bytes\)$/],
  ['oversize body (streamed)', '/huge-streamed', /^body too large \(more than 262144 bytes\)$/],
  ['entity bomb (billion laughs)', '/bomb.xml', /entity declarations are refused/],
  ['entity bomb (quadratic blowup)', '/quadratic.xml', /entity declarations are refused/],
  ['external entity (XXE)', '/xxe.xml', /entity declarations are refused/],
];

describe('faulty sources', () => {
  it('each yield a per-source error while the good sources still answer', async () => {
    const sources: Source[] = [
      { name: 'Good RSS', url: server.url('/good.xml'), category: 'Technology' },
      ...FAULTS.map(([name, path]) => ({ name, url: typeof path === 'string' ? server.url(path) : path(), category: 'World' })),
      { name: 'Good Atom', url: server.url('/good.atom'), category: 'Technology' },
    ];
    const started = performance.now();
    const answer = await aggregate(sources, { fetch: globalThis.fetch, now: () => new Date(), config: CONFIG });
    const elapsed = performance.now() - started;

    expect(answer.sources[0]).toEqual({ name: 'Good RSS', ok: true, count: 25 });
    expect(answer.sources.at(-1)).toEqual({ name: 'Good Atom', ok: true, count: 15 });
    expect(answer.stories).toHaveLength(40);
    for (const [index, [name, , error]] of FAULTS.entries()) {
      const status = answer.sources[index + 1];
      expect(status, name).toMatchObject({ name, ok: false, count: 0 });
      expect(status?.error, name).toMatch(error);
    }
    // Hung sources are given up at the deadline: 18 sources, 6 at once, a few of them slow.
    expect(elapsed).toBeLessThan(3 * CONFIG.timeoutMs + 1500);
  });

  it('never runs more fetches at once than allowed', async () => {
    let active = 0;
    let peak = 0;
    server.route('/slow', (_request, response) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('hackernews-frontpage.rss2.xml'));
      }, 40);
    });
    const sources = Array.from({ length: 12 }, (_, i) => ({ name: `S${i}`, url: server.url(`/slow?i=${i}`), category: 'World' }));
    const answer = await aggregate(sources, { fetch: globalThis.fetch, now: () => new Date(), config: { ...CONFIG, maxConcurrentFetches: 3 } });
    expect(answer.sources.every((s) => s.ok)).toBe(true);
    expect(peak).toBe(3);
  });
});
