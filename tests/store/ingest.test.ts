// One ingest (supabase/functions/_shared/ingest/ingest.ts) and ingest-news, against feeds on loopback
// (allowed as NEWS_ALLOW_LOOPBACK=1 allows them) and the store.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectStore } from '../../scripts/lib/store.mjs';
import { createIngestNews } from '../../supabase/functions/_shared/http/ingest-news.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { nextFetchAt } from '../../supabase/functions/_shared/ingest/ingest.ts';
import { sourceStatuses } from '../../supabase/functions/_shared/store/sources.ts';
import { readIngestState } from '../../supabase/functions/_shared/store/state.ts';
import { newestStories, storiesById } from '../../supabase/functions/_shared/store/stories.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { ingestGrouped, openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const MINUTE = 60_000;
let store: TestStore;
let feeds: FeedServer;
let clock = NOW.getTime();
const seen: { path: string; ifNoneMatch?: string; ifModifiedSince?: string }[] = [];

const deps = () => ({ now: () => new Date(clock), config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true, timeoutMs: 3_000, deadlineMs: 3_000 } });

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
    expect(await ingestGrouped(store.sql, sources, deps())).toEqual({ fetched: 1, notModified: 0, failed: 0, stories: 25, deleted: 0 });
    expect((await newestStories(store.sql)).stories).toHaveLength(25);
    clock += 5 * MINUTE;
    expect(await ingestGrouped(store.sql, sources, deps())).toEqual({ fetched: 0, notModified: 1, failed: 0, stories: 0, deleted: 0 });
    expect(seen).toEqual([
      { path: '/alpha.xml' },
      { path: '/alpha.xml', ifNoneMatch: '"alpha-1"', ifModifiedSince: 'Sun, 01 Jun 2025 11:00:00 GMT' },
    ]);
    // A 304 keeps the last full fetch's count.
    expect(await sourceStatuses(store.sql)).toEqual([{ name: 'Alpha', ok: true, count: 25 }]);
  });

  it('fetches only the sources that are due; `all` fetches every one, still conditionally', async () => {
    const sources = [source('Alpha', '/alpha.xml')];
    await ingestGrouped(store.sql, sources, deps());
    clock += MINUTE;
    expect((await ingestGrouped(store.sql, sources, deps())).notModified).toBe(0);
    expect(seen).toHaveLength(1);
    expect((await ingestGrouped(store.sql, sources, deps(), { all: true })).notModified).toBe(1);
    expect(seen[1]?.ifNoneMatch).toBe('"alpha-1"');
  });

  it('honours Retry-After of a 429, and backs a failing source off: 4, 8, 16 minutes', async () => {
    await ingestGrouped(store.sql, [source('Busy', '/busy.xml'), source('Down', '/down.xml')], deps());
    const rows = await store.sql<{ name: string; next_fetch_at: Date; consecutive_failures: number; last_error: string }[]>`
      select name, next_fetch_at, consecutive_failures, last_error from sources order by position`;
    expect(rows.map((row) => [row.name, row.next_fetch_at.toISOString(), row.consecutive_failures, row.last_error])).toEqual([
      ['Busy', '2025-06-01T13:00:00.000Z', 1, 'http_429'],
      ['Down', '2025-06-01T12:04:00.000Z', 1, 'http_500'],
    ]);
    clock += 4 * MINUTE;
    await ingestGrouped(store.sql, [source('Busy', '/busy.xml'), source('Down', '/down.xml')], deps());
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
    await ingestGrouped(store.sql, [source('Alpha', '/alpha.xml')], deps());
    clock = NOW.getTime() + 30 * 24 * 60 * MINUTE - MINUTE;
    expect((await ingestGrouped(store.sql, [source('Alpha', '/alpha.xml')], deps(), { all: true })).deleted).toBe(0);
    clock = NOW.getTime() + 30 * 24 * 60 * MINUTE + MINUTE;
    // First seen at 12:00 thirty days ago, published before: all gone (the feed answers 304 and adds nothing).
    expect((await ingestGrouped(store.sql, [source('Alpha', '/alpha.xml')], deps(), { all: true })).deleted).toBe(25);
    expect((await newestStories(store.sql)).stories).toHaveLength(0);
  });

  it('groups reports of one event from two sources: the earliest lists the other, which leaves the list', async () => {
    const title = 'Volcano erupts near Reykjavik airport closing runways';
    const rss = (site: string, minutes: number) => `<?xml version="1.0"?><rss version="2.0"><channel><title>${site}</title>
      <item><title>${title}</title><link>https://${site}.example/volcano</link><pubDate>${new Date(NOW.getTime() - minutes * MINUTE).toUTCString()}</pubDate></item>
      </channel></rss>`;
    feeds.serve('/first.xml', rss('first', 60));
    feeds.serve('/second.xml', rss('second', 30));
    await ingestGrouped(store.sql, [source('First', '/first.xml'), source('Second', '/second.xml')], deps());
    const { stories } = await newestStories(store.sql);
    expect(stories.map((s) => [s.source, s.related])).toEqual([['First', [{ source: 'Second', url: 'https://second.example/volcano' }]]]);
  });
});

/** An RSS 2.0 document of these items ([title, link, pubDate or nothing]), with extra channel elements. */
function rss(items: readonly (readonly [title: string, link: string, date?: Date])[], channel = ''): string {
  const item = ([title, link, date]: readonly [string, string, Date?]) =>
    `<item><title>${title}</title><link>${link}</link>${date ? `<pubDate>${date.toUTCString()}</pubDate>` : ''}</item>`;
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${channel}${items.map(item).join('')}</channel></rss>`;
}

const publishedAt = async (id: string) => (await storiesById(store.sql, [id]))[0]?.published_at;

describe('an ingest writes each source when it is done', () => {
  it('has a healthy source\'s stories in the store while a slow one is still being fetched', async () => {
    let answerSlow: () => void = () => {};
    const slowAsked = new Promise<void>((asked) => {
      feeds.route('/slow.xml', (_request, response) => {
        asked();
        answerSlow = () => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss([['Slow news', 'https://slow.example/1']]));
      });
    });
    feeds.serve('/healthy.xml', rss([['Healthy news', 'https://healthy.example/1', new Date(NOW.getTime() - MINUTE)]]));
    const running = ingestGrouped(store.sql, [source('Slow', '/slow.xml'), source('Healthy', '/healthy.xml')], deps());
    await slowAsked;
    const started = Date.now();
    while ((await newestStories(store.sql)).stories.length === 0 && Date.now() - started < 2_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await newestStories(store.sql)).stories.map((story) => story.title)).toEqual(['Healthy news']);
    expect(await sourceStatuses(store.sql)).toEqual([
      { name: 'Slow', ok: false, count: 0, error: 'pending' },
      { name: 'Healthy', ok: true, count: 1 },
    ]);
    answerSlow();
    expect(await running).toEqual({ fetched: 2, notModified: 0, failed: 0, stories: 2, deleted: 0 });
    expect((await newestStories(store.sql)).stories.map((story) => story.title)).toEqual(['Slow news', 'Healthy news']);
  });

  it('records its start, end and outcome, and moves the store\'s generation at every write', async () => {
    expect(await readIngestState(store.sql)).toMatchObject({ generation: '0', startedAt: undefined });
    expect(await ingestGrouped(store.sql, [source('Alpha', '/alpha.xml'), source('Down', '/down.xml')], deps())).toEqual({ fetched: 1, notModified: 0, failed: 1, stories: 25, deleted: 0 });
    // The sources file followed (once, as it is new), its start, each source, its end, the grouping (which marks the news for the fan-out).
    expect(await readIngestState(store.sql)).toEqual({ generation: '6', startedAt: NOW, finishedAt: NOW, outcome: 'partial', newsPending: true, runEveryMs: 300_000 });
    clock += MINUTE;
    await ingestGrouped(store.sql, [source('Alpha', '/alpha.xml'), source('Down', '/down.xml')], deps());
    expect(await readIngestState(store.sql)).toEqual({ generation: '8', startedAt: new Date(clock), finishedAt: new Date(clock), outcome: 'idle', newsPending: true, runEveryMs: 300_000 });
  });
});

describe('an ingest keeps its word', () => {
  it('gives an undated item the time it was first stored, and keeps it through three more ingests that fetch its feed again', async () => {
    feeds.serve('/undated.xml', rss([['No date given', 'https://undated.example/1'], ['Dated', 'https://undated.example/2', new Date(NOW.getTime() - 60 * MINUTE)]]));
    const sources = [source('Undated', '/undated.xml')];
    await ingestGrouped(store.sql, sources, deps());
    const [undated] = (await newestStories(store.sql)).stories;
    expect(undated?.published_at).toBe('2025-06-01T12:00:00.000Z');
    for (let run = 1; run <= 3; run++) {
      clock += 5 * MINUTE;
      expect((await ingestGrouped(store.sql, sources, deps())).fetched).toBe(1);
      expect(await publishedAt(undated?.id ?? '')).toBe('2025-06-01T12:00:00.000Z');
    }
    // So it stays where it was: the dated story an hour older still follows it, nothing is repeated.
    expect((await newestStories(store.sql)).stories.map((story) => story.title)).toEqual(['No date given', 'Dated']);
  });

  it('keeps the first date of an item dated in the future', async () => {
    feeds.serve('/future.xml', rss([['From tomorrow', 'https://future.example/1', new Date(NOW.getTime() + 24 * 60 * MINUTE)]]));
    await ingestGrouped(store.sql, [source('Future', '/future.xml')], deps());
    clock += 5 * MINUTE;
    await ingestGrouped(store.sql, [source('Future', '/future.xml')], deps());
    expect((await newestStories(store.sql)).stories.map((story) => story.published_at)).toEqual(['2025-06-01T12:00:00.000Z']);
  });

  it('does not bring back as new a story the retention deleted while its feed still lists it', async () => {
    const DAY = 24 * 60 * MINUTE;
    const items: [string, string, Date?][] = [['Evergreen guide', 'https://evergreen.example/guide']];
    feeds.route('/evergreen.xml', (_request, response) => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(items)));
    const sources = [source('Evergreen', '/evergreen.xml')];
    await ingestGrouped(store.sql, sources, deps());
    clock += 31 * DAY;
    expect((await ingestGrouped(store.sql, sources, deps())).deleted).toBe(1);
    items.push(['Fresh report', 'https://evergreen.example/fresh', new Date(clock)]);
    clock += 5 * MINUTE;
    await ingestGrouped(store.sql, sources, deps());
    expect((await newestStories(store.sql)).stories.map((story) => story.title)).toEqual(['Fresh report']);
  });

  // Two ingests really at once on PostgreSQL (a pool each); the embedded store serves one connection,
  // which both share there, so their statements interleave on it instead.
  it('stores one story per article when two ingests write the same articles at once', async () => {
    const article = (site: string) => rss(Array.from({ length: 25 }, (_, i): [string, string, Date] => [`Shared report ${i} from ${site}`, `https://wire.example/${i}`, new Date(NOW.getTime() - i * MINUTE)]));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked = new Set<string>();
    for (const site of ['one', 'two']) {
      feeds.route(`/${site}.xml`, (_request, response) => {
        asked.add(site);
        void released.then(() => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(article(site)));
      });
    }
    const sources = [source('One', '/one.xml'), source('Two', '/two.xml')];
    const [first, second] = [connectStore(store.url, 2), connectStore(store.url, 2)];
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    try {
      // The first ingest finds only One due; once it holds One, Two falls due and the second takes it.
      await ingestGrouped(store.sql, [], deps()).catch(() => undefined);
      await store.sql`insert into sources (url, name, category, position, next_fetch_at) values
        (${feeds.url('/one.xml')}, 'One', 'World', 0, '-infinity'), (${feeds.url('/two.xml')}, 'Two', 'World', 1, 'infinity')`;
      const one = ingestGrouped(first, sources, deps());
      await until(() => asked.has('one'));
      await store.sql`update sources set next_fetch_at = '-infinity' where name = 'Two'`;
      const two = ingestGrouped(second, sources, deps());
      await until(() => asked.has('two'));
      release();
      const reports = await Promise.all([one, two]);
      expect(reports.map((report) => report.fetched)).toEqual([1, 1]);
      const rows = await store.sql<{ stories: string; articles: string }[]>`select count(*)::text as stories, count(distinct canonical_url)::text as articles from stories`;
      expect(rows[0]).toEqual({ stories: '25', articles: '25' });
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });
});

describe('an ingest is polite by what each feed says', () => {
  const MIN = MINUTE;
  const due = async () =>
    Object.fromEntries(
      (await store.sql<{ name: string; next_fetch_at: Date }[]>`select name, next_fetch_at from sources order by position`).map((row) => [row.name, (row.next_fetch_at.getTime() - clock) / MIN]),
    );

  it('fetches a source again when its answer goes stale by Cache-Control max-age, Expires or RSS <ttl>, between 4 minutes and an hour', async () => {
    const one = rss([['One', 'https://polite.example/1']]);
    const headers = (extra: Record<string, string>) => ({ 'content-type': 'application/rss+xml', ...extra });
    feeds.route('/max-age.xml', (_q, r) => r.writeHead(200, headers({ 'cache-control': 'max-age=1800' })).end(one));
    feeds.route('/expires.xml', (_q, r) => r.writeHead(200, headers({ date: new Date(clock).toUTCString(), expires: new Date(clock + 20 * MIN).toUTCString() })).end(one));
    feeds.serve('/ttl.xml', rss([['One', 'https://polite.example/1']], '<ttl>45</ttl>'));
    feeds.route('/a-day.xml', (_q, r) => r.writeHead(200, headers({ 'cache-control': 'max-age=86400' })).end(one));
    feeds.route('/a-minute.xml', (_q, r) => r.writeHead(200, headers({ 'cache-control': 'max-age=60' })).end(one));
    const sources = ['max-age', 'expires', 'ttl', 'a-day', 'a-minute'].map((name) => source(name, `/${name}.xml`));
    await ingestGrouped(store.sql, sources, deps());
    expect(await due()).toEqual({ 'max-age': 30, expires: 20, ttl: 45, 'a-day': 60, 'a-minute': 4 });
  });

  it('keeps a feed\'s <ttl> through the 304s that follow', async () => {
    feeds.route('/ttl-etag.xml', (request, response) => {
      if (request.headers['if-none-match'] === '"t1"') return void response.writeHead(304, { etag: '"t1"' }).end();
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"t1"' }).end(rss([['One', 'https://polite.example/1']], '<ttl>30</ttl>'));
    });
    const sources = [source('Ttl', '/ttl-etag.xml')];
    await ingestGrouped(store.sql, sources, deps());
    clock += 30 * MIN;
    expect((await ingestGrouped(store.sql, sources, deps())).notModified).toBe(1);
    expect(await due()).toEqual({ Ttl: 30 });
  });
});

describe('ingest-news', () => {
  const SECRET = 'a'.repeat(40);
  const handler = () => createIngestNews({ sql: store.sql, sources: [source('Alpha', '/alpha.xml')], deps: { ingest: deps(), push: undefined }, secret: SECRET });
  const call = (headers: Record<string, string>, path = '') =>
    handler()(new Request(`http://127.0.0.1/functions/v1/ingest-news${path}`, { method: 'POST', headers }));

  it('answers 401 without the secret, with a wrong one, or when no secret is configured, and fetches nothing', async () => {
    expect((await call({})).status).toBe(401);
    expect((await call({ authorization: `Bearer ${'b'.repeat(40)}` })).status).toBe(401);
    expect((await call({ authorization: SECRET })).status).toBe(401);
    const unconfigured = createIngestNews({ sql: store.sql, sources: [], deps: { ingest: deps(), push: undefined }, secret: undefined });
    const refused = await unconfigured(new Request('http://127.0.0.1/', { method: 'POST', headers: { authorization: 'Bearer ' } }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'unauthorized' });
    expect(seen).toEqual([]);
  });

  it('does a step of the work due for the caller with the secret and says what it did; ?all=1 makes every source due', async () => {
    const response = await call({ authorization: `Bearer ${SECRET}` });
    expect(response.status).toBe(200);
    const nothingElse = { deleted: 0, regrouped: false, queued: 0, pushed: 0, gone: 0, retrying: 0, dropped: 0 };
    expect(await response.json()).toEqual({ fetched: 1, not_modified: 0, failed: 0, stories: 25, ...nothingElse });
    // Alpha is due again in 4 minutes: the next call regroups what the first wrote; ?all=1 asks Alpha again (conditionally).
    expect(await (await call({ authorization: `Bearer ${SECRET}` })).json()).toEqual({ fetched: 0, not_modified: 0, failed: 0, stories: 0, ...nothingElse, regrouped: true });
    const again = await call({ authorization: `Bearer ${SECRET}` }, '?all=1');
    expect(await again.json()).toEqual({ fetched: 0, not_modified: 1, failed: 0, stories: 0, ...nothingElse });
  });
});
