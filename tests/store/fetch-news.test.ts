// fetch-news answering from the store (lib/app.ts createFetchNews): the answer, its pages, ids and
// search, the 400 codes, CORS, and what it does when the store cannot be reached or the ingest stalls.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StoryRow, syncSources, upsertStories, recordOutcomes, claimSources } from '../../supabase/functions/_shared/store/store.ts';
import { createFetchNews } from '../../supabase/functions/_shared/http/runtime.ts';
import { createHandler } from '../../supabase/functions/_shared/http/fetch-news.ts';
import type { Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';
import type { NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import { connectStore } from '../../scripts/lib/store.mjs';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { openTestStore, type TestStore } from './helpers.ts';

interface Answer extends NewsAnswer {
  next?: string;
}

const NOW = new Date('2026-11-27T12:00:00Z');
const URL_ = 'http://127.0.0.1:54321/functions/v1/fetch-news';
const SOURCES = [{ name: 'Alpha', url: 'https://alpha.example/feed.xml', category: 'World' }];
let store: TestStore;
let clock = NOW.getTime();

beforeAll(async () => {
  store = await openTestStore();
}, 120_000);
afterAll(() => store?.stop());
beforeEach(async () => {
  await store.reset();
  clock = NOW.getTime();
});

function story(n: number, overrides: Partial<StoryRow> = {}): StoryRow {
  const url = `https://alpha.example/${n}`;
  return {
    id: `a${String(n).padStart(5, '0')}`,
    title: `Alpha story ${n}`,
    summary: `What happened, part ${n}`,
    source: 'Alpha',
    url,
    canonicalUrl: url,
    published_at: new Date(NOW.getTime() - n * 60_000).toISOString(),
    category: 'World',
    ...overrides,
  };
}

/** The store as an ingest a minute ago left it: one source that answered with `count` stories. */
async function fill(count: number, ingestedAt = new Date(NOW.getTime() - 60_000)): Promise<void> {
  await syncSources(store.sql, SOURCES);
  await claimSources(store.sql, ingestedAt, true);
  await recordOutcomes(store.sql, ingestedAt, [{ url: SOURCES[0]?.url ?? '', count: 25, nextFetchAt: new Date(ingestedAt.getTime() + 240_000) }]);
  await upsertStories(store.sql, ingestedAt, Array.from({ length: count }, (_, i) => story(i)));
}

function fetchNews(extra: { startIngest?: () => Promise<unknown>; waitUntil?: (work: Promise<unknown>) => void; logError?: (error: unknown) => void } = {}) {
  return createHandler({ sql: store.sql, now: () => new Date(clock), ...extra });
}

async function get(handler: (request: Request) => Promise<Response>, query = ''): Promise<{ status: number; body: Answer & { error?: string }; response: Response }> {
  const response = await handler(new Request(`${URL_}${query}`));
  return { status: response.status, body: (await response.json()) as Answer & { error?: string }, response };
}

describe('fetch-news from the store', () => {
  it.each(['GET', 'POST'])('answers %s with the newest 200 stories, the sources, the ingest time and a cursor, cacheable until the next ingest', async (method) => {
    await fill(250);
    const response = await fetchNews()(new Request(URL_, { method, body: method === 'POST' ? '{}' : undefined }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Answer;
    expect(body.stories).toHaveLength(200);
    expect(body.stories[0]).toEqual({ id: 'a00000', title: 'Alpha story 0', summary: 'What happened, part 0', source: 'Alpha', url: 'https://alpha.example/0', published_at: '2026-11-27T12:00:00.000Z', category: 'World' });
    expect(body.sources).toEqual([{ name: 'Alpha', ok: true, count: 25 }]);
    expect(body.generated_at).toBe('2026-11-27T11:59:00.000Z');
    expect(typeof body.next).toBe('string');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    // The next ingest is due 5 minutes after the last one, 4 minutes from now.
    expect(response.headers.get('cache-control')).toBe('public, max-age=240, s-maxage=240, stale-while-revalidate=300');
  });

  it('pages with ?before=<next> until nothing older is left, and then gives no cursor', async () => {
    await fill(250);
    const first = await get(fetchNews());
    const second = await get(fetchNews(), `?before=${first.body.next}`);
    expect(second.status).toBe(200);
    expect(second.body.stories.map((s) => s.id)).toEqual(Array.from({ length: 50 }, (_, i) => `a${String(200 + i).padStart(5, '0')}`));
    expect(second.body.next).toBeUndefined();
  });

  it('answers ?ids= with those stories, whatever their age, and ?q= with the search results', async () => {
    await fill(5);
    await upsertStories(store.sql, new Date(NOW.getTime() - 35 * 24 * 3_600_000), [story(50_000, { title: 'A saved story from 35 days ago' })]);
    expect((await get(fetchNews(), '?ids=a50000,a00002,zzzzzz')).body.stories.map((s) => s.id)).toEqual(['a00002', 'a50000']);
    // Equal ranks: newest first. Every word must match.
    expect((await get(fetchNews(), '?q=stories')).body.stories.map((s) => s.id)).toEqual(['a00000', 'a00001', 'a00002', 'a00003', 'a00004']);
    expect((await get(fetchNews(), '?q=story%204')).body.stories.map((s) => s.id)).toEqual(['a00004']);
  });

  it.each([
    ['?before=nonsense', 'invalid_cursor'],
    ['?before=', 'invalid_cursor'],
    [`?ids=${Array.from({ length: 101 }, (_, i) => `a${i}`).join(',')}`, 'too_many_ids'],
    ['?ids=', 'invalid_ids'],
    ['?ids=a1,<script>', 'invalid_ids'],
    ['?q=', 'empty_query'],
    ['?q=%20%20', 'empty_query'],
    [`?q=${'x'.repeat(201)}`, 'query_too_long'],
    ['?q=a&ids=a1', 'invalid_parameters'],
    ['?q=a&q=b', 'invalid_parameters'],
    ['?page=2', 'invalid_parameters'],
  ])('refuses %s with 400 {"error":"%s"}', async (query, code) => {
    const { status, body, response } = await get(fetchNews(), query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: code });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('takes 100 ids', async () => {
    await fill(3);
    const ids = Array.from({ length: 100 }, (_, i) => `a${String(i).padStart(5, '0')}`).join(',');
    expect((await get(fetchNews(), `?ids=${ids}`)).body.stories).toHaveLength(3);
  });

  it('answers a CORS preflight, and refuses other methods with 405', async () => {
    const preflight = await fetchNews()(new Request(URL_, { method: 'OPTIONS', headers: { origin: 'https://news.example.org', 'access-control-request-method': 'GET' } }));
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-max-age': '86400',
    });
    const put = await fetchNews()(new Request(URL_, { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(await put.json()).toEqual({ error: 'method PUT not allowed' });
  });
});

describe('fetch-news when the store cannot be reached', () => {
  it('serves the last answer it gave for that request, marked stale, else 503 store_unavailable', async () => {
    await fill(3);
    await store.release();
    const own = connectStore(store.url);
    const logged: unknown[] = [];
    const handler = createHandler({ sql: own, now: () => new Date(clock), logError: (error) => logged.push(error) });
    const fresh = await get(handler);
    await own.end();
    const stale = await get(handler);
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual({ ...fresh.body, stale: true });
    expect(stale.response.headers.get('cache-control')).toBe('no-store');
    const never = await get(handler, '?q=alpha');
    expect(never.status).toBe(503);
    expect(never.body).toEqual({ error: 'store_unavailable' });
    expect(logged).toHaveLength(2);
    store.reopen();
  });
});

describe('fetch-news when the schedule has stopped', () => {
  it('starts one ingest in the background when the newest is older than 15 minutes, and answers at once', async () => {
    await fill(3, new Date(NOW.getTime() - 16 * 60_000));
    let started = 0;
    let finish: () => void = () => {};
    const kept: Promise<unknown>[] = [];
    const handler = fetchNews({ startIngest: () => new Promise<void>((resolve) => ((started++, (finish = resolve)))), waitUntil: (work) => kept.push(work) });
    expect((await get(handler)).body.stories).toHaveLength(3);
    expect((await get(handler)).status).toBe(200);
    expect(started).toBe(1);
    expect(kept).toHaveLength(1);
    finish();
    await kept[0];
  });

  it('starts none while the newest ingest is 15 minutes old or less', async () => {
    await fill(3, new Date(NOW.getTime() - 15 * 60_000));
    let started = 0;
    await get(fetchNews({ startIngest: async () => void started++ }));
    expect(started).toBe(0);
  });

  it('runs a real ingest with the function\'s own limits when the store was never filled', async () => {
    const requested: string[] = [];
    const resolve: Resolver = async () => ['93.184.216.34'];
    const connect: Connector = async ({ url }) => {
      requested.push(url);
      return new Response(syntheticRss('alpha', 30, NOW.getTime() - 60_000), { headers: { 'content-type': 'application/rss+xml' } });
    };
    const kept: Promise<unknown>[] = [];
    const handler = createFetchNews({ sql: store.sql, sources: SOURCES, resolve, connect, now: () => new Date(clock), waitUntil: (work) => kept.push(work) });
    const first = await get(handler);
    expect(first.body.stories).toEqual([]);
    await Promise.all(kept);
    expect(requested).toEqual(['https://alpha.example/feed.xml']);
    const second = await get(handler);
    expect(second.body.stories).toHaveLength(25);
    expect(second.body.sources).toEqual([{ name: 'Alpha', ok: true, count: 25 }]);
  });
});
