// The store's SQL (supabase/functions/_shared/store.ts) and migrations, on the embedded PGlite through
// its socket with the `postgres` driver, or on a real PostgreSQL (STORE_TEST_DATABASE_URL, .ci/run).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectStore, migrate } from '../../scripts/lib/store.mjs';
import {
  claimSources,
  deleteExpired,
  newestStories,
  recordOutcomes,
  saveGrouping,
  searchStories,
  storeStatus,
  storiesById,
  type StoryRow,
  syncSources,
  upsertStories,
} from '../../supabase/functions/_shared/store/store.ts';
import { openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;
let store: TestStore;

beforeAll(async () => {
  store = await openTestStore();
}, 120_000);
afterAll(() => store?.stop());
beforeEach(() => store.reset());

function story(n: number, overrides: Partial<StoryRow> = {}): StoryRow {
  const url = `https://news.example/${n}`;
  return {
    id: `s${String(n).padStart(5, '0')}`,
    title: `Story number ${n}`,
    summary: `Summary of story ${n}`,
    source: 'Example',
    url,
    canonicalUrl: url,
    published_at: new Date(NOW.getTime() - n * 60_000).toISOString(),
    category: 'World',
    ...overrides,
  };
}

describe('the migrations', () => {
  it('are applied once each, in order, and recorded', async () => {
    expect(await migrate(store.sql)).toEqual([]);
    const applied = await store.sql<{ name: string }[]>`select name from local_migrations.applied order by name`;
    expect(applied.map((row) => row.name)).toEqual(['20261127120000_news_store.sql', '20261127120100_schedule_ingest.sql']);
  });

  it('turn row-level security on for both tables with no policy, so the anonymous role reads nothing', async () => {
    const tables = await store.sql<{ relname: string; relrowsecurity: boolean }[]>`
      select relname, relrowsecurity from pg_class where relname in ('sources', 'stories') order by relname`;
    expect(tables).toEqual([
      { relname: 'sources', relrowsecurity: true },
      { relname: 'stories', relrowsecurity: true },
    ]);
    expect((await store.sql`select 1 from pg_policies where tablename in ('sources', 'stories')`).length).toBe(0);
  });

  it('schedule nothing where pg_cron is not available (this database)', async () => {
    expect((await store.sql`select 1 from pg_namespace where nspname = 'cron'`).length).toBe(0);
  });

  it('index the newest-first order and the search column', async () => {
    const indexes = await store.sql<{ indexdef: string }[]>`select indexdef from pg_indexes where tablename = 'stories' order by indexname`;
    const defs = indexes.map((row) => row.indexdef).join('\n');
    expect(defs).toContain('(published_at DESC, id DESC)');
    expect(defs).toMatch(/USING gin \(search\)/);
  });
});

describe('stories', () => {
  it('keeps first_seen_at when a story comes again, and takes its new title', async () => {
    await upsertStories(store.sql, NOW, [story(1)]);
    await upsertStories(store.sql, new Date(NOW.getTime() + HOUR), [story(1, { title: 'Story number 1, updated' })]);
    const [row] = await store.sql<{ first_seen_at: Date; title: string }[]>`select first_seen_at, title from stories`;
    expect(row?.first_seen_at.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(row?.title).toBe('Story number 1, updated');
  });

  it('keeps one story per article: a second source with the same canonical URL is skipped', async () => {
    await upsertStories(store.sql, NOW, [story(1)]);
    await upsertStories(store.sql, NOW, [story(1, { id: 'other00000001', source: 'Other' })]);
    expect((await storiesById(store.sql, ['s00001', 'other00000001'])).map((s) => s.source)).toEqual(['Example']);
  });

  it('pages newest first, 200 at a time, with a cursor until nothing older is left', async () => {
    await upsertStories(store.sql, NOW, Array.from({ length: 450 }, (_, i) => story(i)));
    const first = await newestStories(store.sql);
    expect(first.stories).toHaveLength(200);
    expect(first.more).toBe(true);
    expect(first.stories[0]?.id).toBe('s00000');
    const last = first.stories[199];
    const second = await newestStories(store.sql, { publishedAt: new Date(last?.published_at ?? ''), id: last?.id ?? '' });
    expect(second.stories[0]?.id).toBe('s00200');
    const third = await newestStories(store.sql, { publishedAt: new Date(second.stories[199]?.published_at ?? ''), id: second.stories[199]?.id ?? '' });
    expect(third.stories).toHaveLength(50);
    expect(third.more).toBe(false);
  });

  it('breaks ties of the same date by id, so no story is skipped or repeated across pages', async () => {
    const same = new Date(NOW.getTime() - HOUR).toISOString();
    await upsertStories(store.sql, NOW, Array.from({ length: 201 }, (_, i) => story(i, { published_at: same })));
    const first = await newestStories(store.sql);
    const last = first.stories[199];
    const second = await newestStories(store.sql, { publishedAt: new Date(same), id: last?.id ?? '' });
    expect(second.stories.map((s) => s.id)).toEqual(['s00000']);
    expect(new Set([...first.stories, ...second.stories].map((s) => s.id)).size).toBe(201);
  });

  it('lists group representatives only, with their related links; by id, a member is still found', async () => {
    await upsertStories(store.sql, NOW, [story(1), story(2)]);
    await saveGrouping(store.sql, [
      { id: 's00001', related: [{ source: 'Example', url: 'https://news.example/2' }], memberOf: null },
      { id: 's00002', related: null, memberOf: 's00001' },
    ]);
    const page = await newestStories(store.sql);
    expect(page.stories.map((s) => [s.id, s.related])).toEqual([['s00001', [{ source: 'Example', url: 'https://news.example/2' }]]]);
    expect((await storiesById(store.sql, ['s00002'])).map((s) => s.id)).toEqual(['s00002']);
  });

  it('bounds what a story carries, whatever the store holds', async () => {
    const huge = 'x'.repeat(100_000);
    await upsertStories(store.sql, NOW, [story(1, { title: huge, summary: huge, image: `https://i.example/${huge}` }), story(2, { url: `https://news.example/${huge}`, canonicalUrl: 'long' })]);
    const related = Array.from({ length: 50 }, (_, i) => ({ source: 'S', url: `https://r.example/${i}` }));
    await saveGrouping(store.sql, [{ id: 's00001', related, memberOf: null }]);
    const page = await newestStories(store.sql);
    expect(page.stories.map((s) => s.id)).toEqual(['s00001']);
    expect(page.stories[0]?.title).toHaveLength(2_048);
    expect(page.stories[0]?.summary).toHaveLength(2_048);
    expect(page.stories[0]?.image).toBeUndefined();
    expect(page.stories[0]?.related).toHaveLength(10);
  });

  it('finds stories by id whatever their age, newest first, and nothing for unknown ids', async () => {
    await upsertStories(store.sql, NOW, [story(1), story(50_000), story(3)]);
    expect((await storiesById(store.sql, ['s50000', 's00001', 'nope'])).map((s) => s.id)).toEqual(['s00001', 's50000']);
  });

  it('searches the last 30 days with the English configuration: title matches first, newest first among equals', async () => {
    await upsertStories(store.sql, NOW, [
      story(1, { title: 'Markets wait for the budget', summary: 'Ministers met bankers on Monday.' }),
      story(2, { title: 'Bankers meeting ends', summary: 'A long day.' }),
      story(3, { title: 'Bankers meeting ends early', summary: 'A short day.' }),
    ]);
    await upsertStories(store.sql, new Date(NOW.getTime() - 31 * 24 * HOUR), [story(4, { title: 'Bankers meet again', summary: 'Old news.', published_at: new Date(NOW.getTime() - 31 * 24 * HOUR).toISOString() })]);
    // "banker" stems both "bankers" and "banker's": websearch syntax, English stemming.
    expect((await searchStories(store.sql, 'banker', NOW)).map((s) => s.id)).toEqual(['s00002', 's00003', 's00001']);
    expect((await searchStories(store.sql, '"meeting ends" -early', NOW)).map((s) => s.id)).toEqual(['s00002']);
    expect(await searchStories(store.sql, 'the', NOW)).toEqual([]);
  });

  it('stops at 50 search results', async () => {
    await upsertStories(store.sql, NOW, Array.from({ length: 70 }, (_, i) => story(i, { title: `Election night ${i}` })));
    expect(await searchStories(store.sql, 'election', NOW)).toHaveLength(50);
  });

  it('deletes stories published and first seen more than 30 days ago', async () => {
    const DAY = 24 * HOUR;
    await upsertStories(store.sql, new Date(NOW.getTime() - 40 * DAY), [story(1), story(30 * 24 * 60 + 1), story(30 * 24 * 60 - 1)]);
    // Published long ago but first seen today: kept 30 days from today.
    await upsertStories(store.sql, NOW, [story(50_000)]);
    expect(await deleteExpired(store.sql, NOW)).toBe(1);
    expect((await storiesById(store.sql, ['s00001', 's43201', 's43199', 's50000'])).map((s) => s.id)).toEqual(['s00001', 's43199', 's50000']);
  });
});

const SOURCES = [
  { name: 'Alpha', url: 'https://alpha.example/feed', category: 'World' },
  { name: 'Beta', url: 'https://beta.example/feed', category: 'Science' },
];

describe('sources', () => {
  it('are claimed when due, and not claimed again by a second ingest while the first holds them', async () => {
    await syncSources(store.sql, SOURCES);
    const first = await claimSources(store.sql, NOW, false);
    expect(first.map((s) => s.name)).toEqual(['Alpha', 'Beta']);
    expect(await claimSources(store.sql, NOW, false)).toEqual([]);
    expect(await claimSources(store.sql, NOW, true)).toEqual([]);
  });

  it('keep their validators and status, and become due at the time recorded', async () => {
    await syncSources(store.sql, SOURCES);
    await claimSources(store.sql, NOW, false);
    await recordOutcomes(store.sql, NOW, [
      { url: SOURCES[0]?.url ?? '', count: 25, validators: { etag: '"a1"' }, nextFetchAt: new Date(NOW.getTime() + 4 * 60_000) },
      { url: SOURCES[1]?.url ?? '', error: 'http_503', count: 0, nextFetchAt: new Date(NOW.getTime() + 10 * 60_000) },
    ]);
    expect((await storeStatus(store.sql)).sources).toEqual([
      { name: 'Alpha', ok: true, count: 25 },
      { name: 'Beta', ok: false, count: 0, error: 'http_503' },
    ]);
    const in5 = new Date(NOW.getTime() + 5 * 60_000);
    const due = await claimSources(store.sql, in5, false);
    expect(due.map((s) => [s.name, s.validators, s.consecutiveFailures])).toEqual([['Alpha', { etag: '"a1"' }, 0]]);
    expect((await claimSources(store.sql, in5, true)).map((s) => [s.name, s.consecutiveFailures])).toEqual([['Beta', 1]]);
  });

  it('follow the sources file: a removed feed goes, a renamed one keeps its state', async () => {
    await syncSources(store.sql, SOURCES);
    await syncSources(store.sql, [{ name: 'Beta renamed', url: 'https://beta.example/feed', category: 'Science' }]);
    expect((await storeStatus(store.sql)).sources).toEqual([{ name: 'Beta renamed', ok: false, count: 0, error: 'pending' }]);
  });

  it.runIf(process.env.STORE_TEST_DATABASE_URL)('are never claimed by two ingests at once (FOR UPDATE SKIP LOCKED, two connections)', async () => {
    await syncSources(store.sql, Array.from({ length: 20 }, (_, i) => ({ name: `S${i}`, url: `https://s${i}.example/feed`, category: 'World' })));
    const a = connectStore(store.url);
    const b = connectStore(store.url);
    try {
      const [x, y] = await Promise.all([claimSources(a, NOW, true), claimSources(b, NOW, true)]);
      const names = [...x, ...y].map((s) => s.name);
      expect(names).toHaveLength(20);
      expect(new Set(names).size).toBe(20);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
