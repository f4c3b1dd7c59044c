import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { refresh } from './helpers/refresh.ts';
import { freePort } from './helpers/function-process.ts';
import { FIXTURES_DIR } from './helpers/paths.ts';
import { syntheticRss } from './helpers/synthetic-feed.ts';

// Short limits injected for the tests (production: 5 s and 512 KiB); the time limit leaves room for the
// six loopback hops of the redirect loop on a busy machine.
// Parse budgets generous enough for a busy test machine, except where they are the subject.
const CONFIG = { ...DEFAULT_INGEST_CONFIG, timeoutMs: 2_500, maxBodyBytes: 256 * 1024, allowLoopback: true, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000 };
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
  server.serve('/broken.xml', '<rss version="2.0"><channel><item><link a="1></item></channel></rss>');
  server.route('/redirect-ftp', (_request, response) => response.writeHead(301, { location: 'ftp://example.com/feed' }).end());
});

afterAll(() => server.close());

/** [source name, path, public code, what the function's log says about it]. */
const FAULTS: readonly [name: string, path: string | (() => string), code: string, log: RegExp][] = [
  ['refused connection', () => `http://127.0.0.1:${closedPort}/feed.xml`, 'network_error', /: network_error: request failed: /],
  ['HTTP 500', '/500', 'http_500', /: http_500: HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/500$/],
  ['HTTP 404', '/missing', 'http_404', /: http_404: HTTP 404 Not Found from /],
  ['hang (no answer)', '/hang', 'timeout', /: timeout: no complete answer after 2500 ms$/],
  ['hang (body never ends)', '/stall', 'timeout', /: timeout: no complete answer after 2500 ms$/],
  ['redirect loop', '/loop', 'network_error', /: network_error: too many redirects \(more than 5\)$/],
  ['redirect to another scheme', '/redirect-ftp', 'blocked_address', /: blocked_address: ftp: URLs are not fetched/],
  ['garbage bytes', '/garbage', 'not_a_feed', /: not_a_feed: not a feed: not XML/],
  ['JSON', '/json', 'not_a_feed', /: not_a_feed: not a feed: not XML/],
  ['empty body', '/empty', 'not_a_feed', /: not_a_feed: not a feed: not XML/],
  ['HTML page', '/page.html', 'not_a_feed', /: not_a_feed: not a feed: an HTML page$/],
  ['oversize body (Content-Length)', '/huge-declared', 'too_large', /: too_large: body too large \(Content-Length 10485760 > 262144 bytes\)$/],
  ['oversize body (streamed)', '/huge-streamed', 'too_large', /: too_large: body too large \(more than 262144 bytes\)$/],
  ['entity bomb (billion laughs)', '/bomb.xml', 'invalid_xml', /: invalid_xml: .*entity declarations are refused/],
  ['entity bomb (quadratic blowup)', '/quadratic.xml', 'invalid_xml', /: invalid_xml: .*entity declarations are refused/],
  ['external entity (XXE)', '/xxe.xml', 'invalid_xml', /: invalid_xml: .*entity declarations are refused/],
  ['malformed XML', '/broken.xml', 'invalid_xml', /: invalid_xml: malformed XML: /],
];

describe('faulty sources', () => {
  it('each yield a per-source error code while the good sources still answer; details only in the log', async () => {
    const sources: Source[] = [
      { name: 'Good RSS', url: server.url('/good.xml'), category: 'Technology' },
      ...FAULTS.map(([name, path]) => ({ name, url: typeof path === 'string' ? server.url(path) : path(), category: 'World' })),
      { name: 'Good Atom', url: server.url('/good.atom'), category: 'Technology' },
    ];
    const log: string[] = [];
    const started = performance.now();
    const answer = await refresh(sources, { now: () => new Date(), config: CONFIG, log: (message) => log.push(message) });
    const elapsed = performance.now() - started;

    expect(answer.sources[0], log.join('\n')).toEqual({ name: 'Good RSS', ok: true, count: 25 });
    expect(answer.sources.at(-1)).toEqual({ name: 'Good Atom', ok: true, count: 15 });
    expect(answer.stories).toHaveLength(40);
    for (const [index, [name, , code, detail]] of FAULTS.entries()) {
      expect(answer.sources[index + 1], name).toEqual({ name, ok: false, count: 0, error: code });
      const lines = log.filter((line) => line.startsWith(`source "${name}" (http://127.0.0.1:`));
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(detail);
    }
    // Nothing but codes reaches the answer: no URL, address, port or error text.
    for (const status of answer.sources) {
      expect(Object.keys(status).sort()).toEqual(status.ok ? ['count', 'name', 'ok'] : ['count', 'error', 'name', 'ok']);
      if (!status.ok) expect(status.error).toMatch(/^(timeout|too_slow|http_\d{3}|not_a_feed|invalid_xml|too_large|blocked_address|network_error)$/);
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
    const answer = await refresh(sources, { now: () => new Date(), config: { ...CONFIG, maxConcurrentFetches: 3 } });
    expect(answer.sources.every((s) => s.ok)).toBe(true);
    expect(peak).toBe(3);
  });
});

describe('time budgets', () => {
  it('answers at the overall deadline with the sources that finished; the rest are timeout', async () => {
    server.route('/slow-start', (_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('hackernews-frontpage.rss2.xml')), 5_000);
    });
    const sources = [
      { name: 'Good', url: server.url('/good.xml'), category: 'World' },
      ...Array.from({ length: 4 }, (_, i) => ({ name: `Hang ${i}`, url: server.url(`/hang?${i}`), category: 'World' })),
      { name: 'Queued', url: server.url('/good.atom'), category: 'World' }, // waits for a free slot that never comes in time
      { name: 'Slow', url: server.url('/slow-start'), category: 'World' },
    ];
    const log: string[] = [];
    const started = performance.now();
    const answer = await refresh(sources, {
      now: () => new Date(),
      config: { ...CONFIG, timeoutMs: 10_000, deadlineMs: 600, maxConcurrentFetches: 4 },
      log: (message) => log.push(message),
    });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(590);
    expect(elapsed).toBeLessThan(1_500);
    expect(answer.sources.map((status) => status.error ?? 'ok')).toEqual(['ok', 'timeout', 'timeout', 'timeout', 'timeout', 'timeout', 'timeout']);
    expect(answer.stories).toHaveLength(25);
    expect(log.filter((line) => line.includes('not finished by the 600 ms deadline'))).toHaveLength(6);
  });

  it('with the default limits, a source that answers before the deadline is kept however many others hang', async () => {
    // The defaults' shape at a tenth of the time: every bundled source (24) starts at once, so the
    // ones that hang take no time from the others.
    const scale = 0.1;
    server.route('/late', (_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('hackernews-frontpage.rss2.xml')), 0.7 * DEFAULT_INGEST_CONFIG.deadlineMs * scale);
    });
    const sources = [
      ...Array.from({ length: 23 }, (_, i) => ({ name: `Hang ${i}`, url: server.url(`/hang?${i}`), category: 'World' })),
      { name: 'Late', url: server.url('/late'), category: 'World' },
    ];
    const answer = await refresh(sources, {
      now: () => new Date(),
      config: { ...CONFIG, maxConcurrentFetches: DEFAULT_INGEST_CONFIG.maxConcurrentFetches, timeoutMs: DEFAULT_INGEST_CONFIG.timeoutMs * scale, deadlineMs: DEFAULT_INGEST_CONFIG.deadlineMs * scale },
    });
    expect(answer.sources.at(-1)).toEqual({ name: 'Late', ok: true, count: 25 });
    expect(answer.sources.filter((status) => status.error === 'timeout')).toHaveLength(23);
  });

  it('gives up a feed whose parse takes longer than its budget: too_slow', async () => {
    server.serve('/big.xml', syntheticRss('big', 2_000));
    const log: string[] = [];
    const answer = await refresh(
      [
        { name: 'Big', url: server.url('/big.xml'), category: 'World' },
        { name: 'Good', url: server.url('/good.xml'), category: 'World' },
      ],
      { now: () => new Date(), config: { ...CONFIG, maxBodyBytes: 8 * 1024 * 1024, parseBudgetMs: 5, maxConcurrentFetches: 1 }, log: (message) => log.push(message) },
    );
    expect(answer.sources[0]).toEqual({ name: 'Big', ok: false, count: 0, error: 'too_slow' });
    expect(log.find((line) => line.startsWith('source "Big"'))).toMatch(/too_slow: parse took more than 5 ms$/);
  });

  it('stops parsing once the refresh has spent its parse budget: the remaining feeds are too_slow', async () => {
    server.serve('/big.xml', syntheticRss('big', 2_000));
    const sources = Array.from({ length: 4 }, (_, i) => ({ name: `Big ${i}`, url: server.url(`/big.xml?${i}`), category: 'World' }));
    const log: string[] = [];
    const answer = await refresh(sources, {
      now: () => new Date(),
      config: { ...CONFIG, maxBodyBytes: 8 * 1024 * 1024, parseBudgetMs: 10_000, refreshParseBudgetMs: 1, maxConcurrentFetches: 1 },
      log: (message) => log.push(message),
    });
    expect(answer.sources.map((status) => status.error)).toEqual(['too_slow', 'too_slow', 'too_slow', 'too_slow']);
    expect(log.filter((line) => line.includes("the refresh's parse budget (1 ms) is spent"))).toHaveLength(3);
  });
});
