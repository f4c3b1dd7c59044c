// fetch-news answering from the store (supabase/functions/_shared/http/fetch-news.ts and runtime.ts
// createFetchNews): the answer, its pages, ids and search, the 400 codes, CORS, ETags, the answers it
// keeps in memory, and what it does when the store cannot be reached or the ingest stalls.
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectStore } from '../../scripts/lib/store.mjs';
import { createHandler } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { createFetchNews } from '../../supabase/functions/_shared/http/runtime.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';
import { claimSources, recordOutcomes, syncSources } from '../../supabase/functions/_shared/store/sources.ts';
import { readIngestState, recordEnd, recordStart, writing } from '../../supabase/functions/_shared/store/state.ts';
import { type StoryRow, upsertStories } from '../../supabase/functions/_shared/store/stories.ts';
import type { NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { ingestGrouped, openTestStore, type TestStore } from './helpers.ts';

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
  await writing(store.sql, async (tx) => {
    await syncSources(tx, SOURCES);
    await recordStart(tx, ingestedAt);
  });
  await claimSources(store.sql, ingestedAt);
  await writing(store.sql, async (tx) => {
    await recordOutcomes(tx, ingestedAt, [{ url: SOURCES[0]?.url ?? '', count: 25, nextFetchAt: new Date(ingestedAt.getTime() + 240_000) }]);
    await upsertStories(tx, ingestedAt, Array.from({ length: count }, (_, i) => story(i)));
    await recordEnd(tx, ingestedAt, 'ok');
  });
}

/** Moves the clock past the once-a-second look at the store's generation. */
const aSecondLater = () => void (clock += 1_000);

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

describe('fetch-news with an ETag', () => {
  it('tags each answer by the store\'s generation, and answers If-None-Match with that tag 304, with no body', async () => {
    await fill(5);
    const handler = fetchNews();
    const first = await get(handler);
    const etag = first.response.headers.get('etag');
    expect(etag).toMatch(/^W\/"v\d+-\d+-[0-9a-z]+"$/);
    const again = await handler(new Request(URL_, { headers: { 'if-none-match': etag ?? '' } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=240, s-maxage=240, stale-while-revalidate=300');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    // Weak comparison: the tag without W/, or in a list, matches too; another tag does not.
    for (const header of [etag?.slice(2) ?? '', `"other", ${etag}`, '*']) expect((await handler(new Request(URL_, { headers: { 'if-none-match': header } }))).status).toBe(304);
    expect((await handler(new Request(URL_, { headers: { 'if-none-match': 'W/"v2-0-0"' } }))).status).toBe(200);
  });

  it('gives a new tag, and the new answer, once an ingest has written', async () => {
    await fill(5);
    const handler = fetchNews();
    const before = await get(handler);
    await writing(store.sql, (tx) => upsertStories(tx, NOW, [story(-1, { title: 'Breaking' })]));
    aSecondLater();
    const after = await handler(new Request(URL_, { headers: { 'if-none-match': before.response.headers.get('etag') ?? '' } }));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    expect(((await after.json()) as Answer).stories[0]?.title).toBe('Breaking');
  });

  it('answers a POST with If-None-Match in full, and tags pages, ids and searches too', async () => {
    await fill(250);
    const handler = fetchNews();
    const { response, body } = await get(handler);
    const etag = response.headers.get('etag') ?? '';
    expect((await handler(new Request(URL_, { method: 'POST', headers: { 'if-none-match': etag } }))).status).toBe(200);
    for (const query of [`?before=${body.next}`, '?ids=a00001', '?q=alpha']) {
      const tagged = (await get(handler, query)).response.headers.get('etag');
      expect(tagged, query).toBe(etag);
      expect((await handler(new Request(`${URL_}${query}`, { headers: { 'if-none-match': etag } }))).status, query).toBe(304);
    }
  });
});

describe('fetch-news keeps its answers in memory, by the store\'s generation', () => {
  /** A pool of its own that counts the statements it runs (the embedded store takes one connection: the shared one is closed meanwhile). */
  async function countingHandler() {
    await store.release();
    const statements: string[] = [];
    // The driver's own look at the types when it connects is not the handler's.
    const sql = postgres(store.url, { max: 1, prepare: false, onnotice: () => {}, debug: (_connection, query) => void (query.includes('pg_catalog') || statements.push(query)) });
    return { handler: createHandler({ sql, now: () => new Date(clock) }), statements, sql };
  }
  const crowd = (handler: (request: Request) => Promise<Response>, query = '', size = 50) =>
    Promise.all(Array.from({ length: size }, async () => (await handler(new Request(`${URL_}${query}`))).text()));

  it('answers a crowd with one look at the generation and one build of the answer, then nothing more for a second', async () => {
    await fill(250);
    const { handler, statements, sql } = await countingHandler();
    try {
      const bodies = await crowd(handler);
      expect(new Set(bodies).size).toBe(1);
      expect(JSON.parse(bodies[0] ?? '{}').stories).toHaveLength(200);
      // The generation, the sources and the page.
      expect(statements).toHaveLength(3);
      await crowd(handler);
      expect(statements).toHaveLength(3);
      aSecondLater();
      await crowd(handler);
      expect(statements).toHaveLength(4);
    } finally {
      await sql.end();
      store.reopen();
    }
  });

  it('keeps pages, ids and searches too, each built once for a generation, and builds again when it moves', async () => {
    await fill(250);
    const { handler, statements, sql } = await countingHandler();
    try {
      for (const query of ['?q=alpha', '?ids=a00001,a00002', '?before=MjAyNi0xMS0yN1QwODo0MTowMC4wMDBaIGEwMDE5OQ']) await crowd(handler, query, 20);
      expect(statements).toHaveLength(1 + 3 * 2);
      await sql`update ingest_state set generation = generation + 1`;
      aSecondLater();
      const searched = await crowd(handler, '?q=alpha', 20);
      expect(JSON.parse(searched[0] ?? '{}').stories).toHaveLength(50);
      expect(statements).toHaveLength(1 + 3 * 2 + 1 + 1 + 2);
    } finally {
      await sql.end();
      store.reopen();
    }
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
    aSecondLater();
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

  it('starts one ingest, not one after another, when every source is backing off', async () => {
    await fill(3, new Date(NOW.getTime() - 16 * 60_000));
    // The only source failed and waits an hour: an ingest finds nothing due.
    await store.sql`update sources set next_fetch_at = ${new Date(NOW.getTime() + 60 * 60_000)}, last_error = 'http_503'`;
    let runs = 0;
    const kept: Promise<unknown>[] = [];
    const deps = { now: () => new Date(clock), config: DEFAULT_INGEST_CONFIG };
    const handler = fetchNews({
      startIngest: () => {
        runs++;
        return ingestGrouped(store.sql, SOURCES, deps);
      },
      waitUntil: (work) => kept.push(work),
    });
    for (let second = 0; second < 30; second++) {
      expect((await get(handler)).body.stories).toHaveLength(3);
      await Promise.all(kept);
      aSecondLater();
    }
    expect(runs).toBe(1);
    expect(await readIngestState(store.sql)).toMatchObject({ startedAt: NOW, outcome: 'idle' });
  });
});

describe('fetch-news while an ingest waits on a slow source', () => {
  // The slow source answers only when the test lets it: every answer below came while it was still waiting,
  // so none waited for it, whatever the machine's load (an absolute time bound measured the load instead).
  it('answers the first page, and serves a healthy feed\'s new story, while the slow source has not answered', async () => {
    await fill(3, new Date(Date.now() - 5 * 60_000));
    const sources = [...SOURCES, { name: 'Slow', url: 'https://slow.example/feed.xml', category: 'World' }];
    let answerSlow = (): void => {};
    const slowMayAnswer = new Promise<void>((resolve) => (answerSlow = resolve));
    let slowAsked = false;
    let slowAnswered = false;
    const connect: Connector = async ({ url }) => {
      if (url.startsWith('https://slow.')) {
        slowAsked = true;
        await slowMayAnswer;
        slowAnswered = true;
        return new Response(syntheticRss('slow', 2, Date.now()), { headers: { 'content-type': 'application/rss+xml' } });
      }
      return new Response(`<?xml version="1.0"?><rss version="2.0"><channel><title>Alpha</title>
        <item><title>Fresh from a healthy feed</title><link>https://alpha.example/fresh</link><pubDate>${new Date().toUTCString()}</pubDate></item></channel></rss>`, {
        headers: { 'content-type': 'application/rss+xml' },
      });
    };
    const deps = { now: () => new Date(), config: DEFAULT_INGEST_CONFIG, resolve: (async () => ['93.184.216.34']) as Resolver, connect };
    const handler = createHandler({ sql: store.sql });
    const running = ingestGrouped(store.sql, sources, deps, { all: true });
    let fresh = false;
    while (!fresh) {
      const { response, body } = await get(handler);
      expect(response.status).toBe(200);
      fresh = body.stories[0]?.title === 'Fresh from a healthy feed';
      if (!fresh) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(slowAsked).toBe(true);
    expect(slowAnswered).toBe(false);
    answerSlow();
    expect(await running).toMatchObject({ fetched: 2, failed: 0 });
    expect(slowAnswered).toBe(true);
  }, 30_000);
});
