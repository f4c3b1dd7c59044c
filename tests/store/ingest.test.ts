// One ingest (supabase/functions/_shared/ingest.ts) and ingest-news, against feeds on loopback
// (allowed as NEWS_ALLOW_LOOPBACK=1 allows them) and the store.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIngestNews } from '../../supabase/functions/_shared/http/ingest-news.ts';
import { ingest, nextFetchAt } from '../../supabase/functions/_shared/ingest/ingest.ts';
import { newestStories, storeStatus } from '../../supabase/functions/_shared/store/store.ts';
import { DEFAULT_AGGREGATE_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources.ts';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const MINUTE = 60_000;
let store: TestStore;
let feeds: FeedServer;
let clock = NOW.getTime();
const seen: { path: string; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];

const deps = () => ({ now: () => new Date(clock), config: { ...DEFAULT_AGGREGATE_CONFIG, allowLoopback: true, timeoutMs: 3_000, deadlineMs: 3_000 } });

function record(request: IncomingMessage): void {
  seen.push({
    path: new URL(request.url ?? '/', 'http://x').pathname,
    ...(request.headers['if-none-match'] ? { ifNoneMatch: String(request.headers['if-none-match']) } : {}),
    ...(request.headers['if-modified-since'] ? { ifModifiedSince: String(request.headers['if-modified-since']) } : {}),
  });
}

beforeAll(async () => {
  store = await openTestStore();
  feeds = await startFeedServer();
  const alpha = syntheticRss('alpha', 30, NOW.getTime() - MINUTE);
  feeds.route('/alpha.xml', (request, response) => {
    record(request);
    if (request.headers['if-none-match'] === '"alpha-1"') return void response.writeHead(304, { etag: '"alpha-1"' }).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"alpha-1"', 'last-modified': 'Sun, 01 Jun 2025 11:00:00 GMT' }).end(alpha);
  });
  feeds.route('/busy.xml', (request, response) => {
    record(request);
    response.writeHead(429, { 'retry-after': '3600' }).end('slow down');
  });
  feeds.route('/down.xml', (request, response) => {
    record(request);
    response.writeHead(500).end('down');
  });
}, 120_000);
afterAll(async () => {
  await feeds?.close();
  await store?.stop();
});
beforeEach(async () => {
  await store.reset();
  seen.length = 0;
  clock = NOW.getTime();
});

const source = (name: string, path: string): Source => ({ name, url: feeds.url(path), category: 'World' });

describe('an ingest', () => {
  it('keeps the stories, then asks again with If-None-Match and If-Modified-Since and parses nothing on a 304', async () => {
    const sources = [source('Alpha', '/alpha.xml')];
    expect(await ingest(store.sql, sources, deps())).toEqual({ fetched: 1, notModified: 0, failed: 0, stories: 25, deleted: 0 });
    expect((await newestStories(store.sql)).stories).toHaveLength(25);
    clock += 5 * MINUTE;
    expect(await ingest(store.sql, sources, deps())).toEqual({ fetched: 0, notModified: 1, failed: 0, stories: 0, deleted: 0 });
    expect(seen).toEqual([
      { path: '/alpha.xml' },
      { path: '/alpha.xml', ifNoneMatch: '"alpha-1"', ifModifiedSince: 'Sun, 01 Jun 2025 11:00:00 GMT' },
    ]);
    // A 304 keeps the last full fetch's count.
    expect((await storeStatus(store.sql)).sources).toEqual([{ name: 'Alpha', ok: true, count: 25 }]);
  });

  it('fetches only the sources that are due; `all` fetches every one, still conditionally', async () => {
    const sources = [source('Alpha', '/alpha.xml')];
    await ingest(store.sql, sources, deps());
    clock += MINUTE;
    expect((await ingest(store.sql, sources, deps())).notModified).toBe(0);
    expect(seen).toHaveLength(1);
    expect((await ingest(store.sql, sources, deps(), { all: true })).notModified).toBe(1);
    expect(seen[1]?.ifNoneMatch).toBe('"alpha-1"');
  });

  it('honours Retry-After of a 429, and backs a failing source off: 4, 8, 16 minutes', async () => {
    await ingest(store.sql, [source('Busy', '/busy.xml'), source('Down', '/down.xml')], deps());
    const rows = await store.sql<{ name: string; next_fetch_at: Date; consecutive_failures: number; last_error: string }[]>`
      select name, next_fetch_at, consecutive_failures, last_error from sources order by position`;
    expect(rows.map((row) => [row.name, row.next_fetch_at.toISOString(), row.consecutive_failures, row.last_error])).toEqual([
      ['Busy', '2025-06-01T13:00:00.000Z', 1, 'http_429'],
      ['Down', '2025-06-01T12:04:00.000Z', 1, 'http_500'],
    ]);
    clock += 4 * MINUTE;
    await ingest(store.sql, [source('Busy', '/busy.xml'), source('Down', '/down.xml')], deps());
    expect(seen.map((s) => s.path)).toEqual(['/busy.xml', '/down.xml', '/down.xml']);
    const [down] = await store.sql<{ next_fetch_at: Date }[]>`select next_fetch_at from sources where name = 'Down'`;
    expect(down?.next_fetch_at.toISOString()).toBe('2025-06-01T12:12:00.000Z');
  });

  it('backs off at most 6 hours, and after a success is due at the next 5-minute run', () => {
    const ok = { status: { name: 'A', ok: true, count: 1 } };
    const failed = { status: { name: 'A', ok: false, count: 0, error: 'http_500' } };
    expect(nextFetchAt(NOW, 5, ok).toISOString()).toBe('2025-06-01T12:04:00.000Z');
    expect(nextFetchAt(NOW, 2, failed).toISOString()).toBe('2025-06-01T12:16:00.000Z');
    expect(nextFetchAt(NOW, 40, failed).toISOString()).toBe('2025-06-01T18:00:00.000Z');
    expect(nextFetchAt(NOW, 0, { ...failed, retryAfterMs: 24 * 60 * MINUTE }).toISOString()).toBe('2025-06-01T18:00:00.000Z');
  });

  it('deletes the stories published and first seen more than 30 days before it runs', async () => {
    await ingest(store.sql, [source('Alpha', '/alpha.xml')], deps());
    clock = NOW.getTime() + 30 * 24 * 60 * MINUTE - MINUTE;
    expect((await ingest(store.sql, [source('Alpha', '/alpha.xml')], deps(), { all: true })).deleted).toBe(0);
    clock = NOW.getTime() + 30 * 24 * 60 * MINUTE + MINUTE;
    // First seen at 12:00 thirty days ago, published before: all gone (the feed answers 304 and adds nothing).
    expect((await ingest(store.sql, [source('Alpha', '/alpha.xml')], deps(), { all: true })).deleted).toBe(25);
    expect((await newestStories(store.sql)).stories).toHaveLength(0);
  });

  it('groups reports of one event from two sources: the earliest lists the other, which leaves the list', async () => {
    const title = 'Volcano erupts near Reykjavik airport closing runways';
    const rss = (site: string, minutes: number) => `<?xml version="1.0"?><rss version="2.0"><channel><title>${site}</title>
      <item><title>${title}</title><link>https://${site}.example/volcano</link><pubDate>${new Date(NOW.getTime() - minutes * MINUTE).toUTCString()}</pubDate></item>
      </channel></rss>`;
    feeds.serve('/first.xml', rss('first', 60));
    feeds.serve('/second.xml', rss('second', 30));
    await ingest(store.sql, [source('First', '/first.xml'), source('Second', '/second.xml')], deps());
    const { stories } = await newestStories(store.sql);
    expect(stories.map((s) => [s.source, s.related])).toEqual([['First', [{ source: 'Second', url: 'https://second.example/volcano' }]]]);
  });
});

describe('ingest-news', () => {
  const SECRET = 'a'.repeat(40);
  const handler = () => createIngestNews({ sql: store.sql, sources: [source('Alpha', '/alpha.xml')], deps: deps(), secret: SECRET });
  const call = (headers: Record<string, string>, path = '') =>
    handler()(new Request(`http://127.0.0.1/functions/v1/ingest-news${path}`, { method: 'POST', headers }));

  it('answers 401 without the secret, with a wrong one, or when no secret is configured, and fetches nothing', async () => {
    expect((await call({})).status).toBe(401);
    expect((await call({ authorization: `Bearer ${'b'.repeat(40)}` })).status).toBe(401);
    expect((await call({ authorization: SECRET })).status).toBe(401);
    const unconfigured = createIngestNews({ sql: store.sql, sources: [], deps: deps(), secret: undefined });
    const refused = await unconfigured(new Request('http://127.0.0.1/', { method: 'POST', headers: { authorization: 'Bearer ' } }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'unauthorized' });
    expect(seen).toEqual([]);
  });

  it('runs one ingest for the caller with the secret and says what it did', async () => {
    const response = await call({ authorization: `Bearer ${SECRET}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fetched: 1, not_modified: 0, failed: 0, stories: 25, deleted: 0 });
    const again = await call({ authorization: `Bearer ${SECRET}` }, '?all=1');
    expect(await again.json()).toEqual({ fetched: 0, not_modified: 1, failed: 0, stories: 0, deleted: 0 });
  });
});
