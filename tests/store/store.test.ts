// The store's SQL (supabase/functions/_shared/store.ts) and migrations, on the embedded PGlite through
// its socket with the `postgres` driver, or on a real PostgreSQL (STORE_TEST_DATABASE_URL, .ci/run).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectStore, migrate, MIGRATIONS_DIR } from '../../scripts/lib/store.mjs';
import { claimSources, markAllDue, recordOutcomes, sourceStatuses, syncSources } from '../../supabase/functions/_shared/store/sources.ts';
import { readIngestState, recordEnd, recordStart, writing } from '../../supabase/functions/_shared/store/state.ts';
import { deleteExpired, newestStories, saveGrouping, searchStories, storiesById, type StoryRow, upsertStories } from '../../supabase/functions/_shared/store/stories.ts';
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
    expect(applied.map((row) => row.name)).toEqual([
      '20261127120000_news_store.sql',
      '20261127120100_schedule_ingest.sql',
      '20261204120000_ingest_state_and_keeping_word.sql',
      '20261210120000_follows_and_push.sql',
      '20261216120000_work_queue.sql',
      '20261216120100_schedule_work.sql',
      '20261218120000_work_policy.sql',
      '20261219120000_grouping_terms.sql',
      '20261223090000_alerts.sql',
    ]);
  });

  it('turn row-level security on for every table with no policy, so the anonymous role reads nothing', async () => {
    const tables = await store.sql<{ relname: string; relrowsecurity: boolean }[]>`
      select relname, relrowsecurity from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`;
    expect(tables).toEqual(
      ['address_windows', 'ingest_state', 'push_alerts', 'push_follows', 'push_queue', 'push_subscriptions', 'sources', 'stories', 'story_tombstones', 'work_policy'].map((relname) => ({ relname, relrowsecurity: true })),
    );
    expect((await store.sql`select 1 from pg_policies where schemaname = 'public'`).length).toBe(0);
  });

  it('schedule nothing where pg_cron is not available (this database)', async () => {
    expect((await store.sql`select 1 from pg_namespace where nspname = 'cron'`).length).toBe(0);
  });

  it('schedule the work where pg_cron, pg_net and Vault are (against stand-ins for them): every 10 s, the calls the due work needs, each with the secret and a 120 s timeout, none runnable by the API\'s roles', async () => {
    await store.sql.unsafe(`
      do $roles$ begin create role anon; exception when duplicate_object then null; end $roles$;
      do $roles$ begin create role authenticated; exception when duplicate_object then null; end $roles$;
      create schema net; create table net.calls (url text, headers jsonb, timeout integer);
      create function net.http_post(url text, headers jsonb, body jsonb, timeout_milliseconds integer) returns bigint language sql
        as $$ insert into net.calls values (url, headers, timeout_milliseconds) returning 1::bigint $$;
      create schema vault;
      create view vault.decrypted_secrets as select * from (values ('ingest_news_url', 'https://ref.supabase.co/functions/v1/ingest-news'), ('ingest_secret', 'the-secret')) as v(name, decrypted_secret);
      create schema cron; create table cron.job (jobname text, schedule text, command text);
      create function cron.schedule(jobname text, schedule text, command text) returns bigint language sql
        as $$ insert into cron.job values (jobname, schedule, command) returning 1::bigint $$;`);
    try {
      // The migration's block past its check for the extensions, which these stand-ins are not.
      const text = readFileSync(join(MIGRATIONS_DIR, '20261216120100_schedule_work.sql'), 'utf8');
      await store.sql.unsafe(`do $block$ begin ${text.slice(text.indexOf('  create or replace function'), text.lastIndexOf('end\n$migration$'))} end $block$`);
      expect((await store.sql<{ jobname: string; schedule: string; command: string }[]>`select * from cron.job order by jobname`).map((job) => [job.jobname, job.schedule])).toEqual([
        ['cron-log-retention', '17 3 * * *'],
        ['ingest-news', '10 seconds'],
      ]);
      // Nothing ran yet, and 12 sources are due: a call for the run, and one per 5 sources.
      await syncSources(store.sql, Array.from({ length: 12 }, (_, i) => ({ name: `S${i}`, url: `https://s${i}.example/feed`, category: 'World' })));
      expect(await store.sql`select start_work_calls() as calls`).toEqual([{ calls: 4 }]);
      expect(await store.sql`select url, headers->>'Authorization' as authorization, timeout from net.calls`).toEqual(
        Array(4).fill({ url: 'https://ref.supabase.co/functions/v1/ingest-news', authorization: 'Bearer the-secret', timeout: 120_000 }),
      );
      for (const fn of ['start_work_calls()', 'work_due(timestamptz)', 'work_calls_due(timestamptz)']) {
        expect(await store.sql`select has_function_privilege('anon', ${fn}, 'execute') as anon, has_function_privilege('authenticated', ${fn}, 'execute') as authenticated`).toEqual([{ anon: false, authenticated: false }]);
      }
    } finally {
      await store.sql.unsafe('drop schema net, vault, cron cascade; drop function if exists start_work_calls()');
    }
  });

  it('index the newest-first order and the search column, and make the canonical URL unique', async () => {
    const indexes = await store.sql<{ indexdef: string }[]>`select indexdef from pg_indexes where tablename = 'stories' order by indexname`;
    const defs = indexes.map((row) => row.indexdef).join('\n');
    expect(defs).toContain('(published_at DESC, id DESC)');
    expect(defs).toMatch(/USING gin \(search\)/);
    expect(defs).toMatch(/CREATE UNIQUE INDEX stories_canonical_url ON public\.stories USING btree \(canonical_url\)/);
  });

  it('keep the first stored of twins already in a store when they make the canonical URL unique', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const name of ['20261127120000_news_store.sql', '20261127120100_schedule_ingest.sql', '20261204120000_ingest_state_and_keeping_word.sql']) {
      writeFileSync(join(dir, name), readFileSync(join(MIGRATIONS_DIR, name), 'utf8').replaceAll(/\b(stories|sources|story_tombstones|ingest_state|stories_\w+)\b/g, 'old_$1'));
    }
    try {
      await store.sql.unsafe(readFileSync(join(dir, '20261127120000_news_store.sql'), 'utf8')).simple();
      const twin = (id: string, seen: string) => ({ id, title: id, summary: '', source: id, url: 'https://x.example/a', canonical_url: 'https://x.example/a', published_at: seen, category: 'World', first_seen_at: seen });
      for (const row of [twin('later', '2026-11-02T00:00:00Z'), twin('first', '2026-11-01T00:00:00Z'), twin('latest', '2026-11-03T00:00:00Z')]) {
        await store.sql`insert into old_stories ${store.sql(row)}`;
      }
      await store.sql.unsafe(readFileSync(join(dir, '20261204120000_ingest_state_and_keeping_word.sql'), 'utf8')).simple();
      expect((await store.sql<{ id: string }[]>`select id from old_stories`).map((row) => row.id)).toEqual(['first']);
    } finally {
      await store.sql.unsafe('drop table if exists old_stories, old_sources, old_story_tombstones, old_ingest_state cascade');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stories', () => {
  it('keeps first_seen_at and published_at when a story comes again, and takes its new title, summary and image', async () => {
    await upsertStories(store.sql, NOW, [story(1)]);
    const later = new Date(NOW.getTime() + HOUR);
    expect(await upsertStories(store.sql, later, [story(1, { title: 'Story number 1, updated', summary: 'Now with more', image: 'https://i.example/1.jpg', published_at: later.toISOString() })])).toBe(1);
    const [row] = await store.sql<{ first_seen_at: Date; published_at: Date; title: string; summary: string; image: string }[]>`select first_seen_at, published_at, title, summary, image from stories`;
    expect(row?.first_seen_at.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(row?.published_at.toISOString()).toBe('2026-11-27T11:59:00.000Z');
    expect([row?.title, row?.summary, row?.image]).toEqual(['Story number 1, updated', 'Now with more', 'https://i.example/1.jpg']);
  });

  it('keeps one story per article: a second source with the same canonical URL is skipped, lending its image when the first has none', async () => {
    await upsertStories(store.sql, NOW, [story(1)]);
    expect(await upsertStories(store.sql, NOW, [story(1, { id: 'other00000001', source: 'Other', url: 'https://news.example/1?utm_source=rss', image: 'https://other.example/1.jpg' })])).toBe(0);
    expect((await storiesById(store.sql, ['s00001', 'other00000001'])).map((s) => [s.source, s.image])).toEqual([['Example', 'https://other.example/1.jpg']]);
  });

  it('stores one story, not two, for two new stories of one article written together', async () => {
    expect(await upsertStories(store.sql, NOW, [story(1), story(2, { canonicalUrl: 'https://news.example/1' })])).toBe(1);
    expect((await newestStories(store.sql)).stories).toHaveLength(1);
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

  it('does not store again a story the retention deleted while its feed lists it, and forgets it once no feed has for 30 days', async () => {
    const DAY = 24 * HOUR;
    const old = story(1, { published_at: new Date(NOW.getTime() - 31 * DAY).toISOString() });
    await upsertStories(store.sql, new Date(NOW.getTime() - 31 * DAY), [old]);
    expect(await deleteExpired(store.sql, NOW)).toBe(1);
    // Its feed still lists it, ten days running: not new, not stored.
    for (let day = 0; day < 10; day++) expect(await upsertStories(store.sql, new Date(NOW.getTime() + day * DAY), [old, story(2)])).toBe(1);
    expect((await storiesById(store.sql, ['s00001', 's00002'])).map((s) => s.id)).toEqual(['s00002']);
    const marked = async () => (await store.sql`select 1 from story_tombstones where id = 's00001'`).length === 1;
    const lastListed = NOW.getTime() + 9 * DAY;
    await deleteExpired(store.sql, new Date(lastListed + 30 * DAY - HOUR));
    expect(await marked()).toBe(true);
    await deleteExpired(store.sql, new Date(lastListed + 30 * DAY + HOUR));
    expect(await marked()).toBe(false);
    // Forgotten: a feed that lists it again brings it back.
    expect(await upsertStories(store.sql, new Date(lastListed + 30 * DAY + HOUR), [old])).toBe(1);
  });
});

describe('the ingest state', () => {
  it('starts at generation 0 with no run, and every write bumps the generation by one; a run is due 5 minutes after the last started', async () => {
    expect(await readIngestState(store.sql)).toEqual({ generation: '0', startedAt: undefined, finishedAt: undefined, outcome: undefined, newsPending: false, runEveryMs: 300_000 });
    await writing(store.sql, (tx) => recordStart(tx, NOW));
    expect(await readIngestState(store.sql)).toEqual({ generation: '1', startedAt: NOW, finishedAt: undefined, outcome: undefined, newsPending: false, runEveryMs: 300_000 });
    await writing(store.sql, (tx) => upsertStories(tx, NOW, [story(1)]));
    const end = new Date(NOW.getTime() + 8_000);
    await writing(store.sql, (tx) => recordEnd(tx, end, 'partial'));
    expect(await readIngestState(store.sql)).toEqual({ generation: '3', startedAt: NOW, finishedAt: end, outcome: 'partial', newsPending: false, runEveryMs: 300_000 });
  });

  it('leaves the generation as it was when the write fails', async () => {
    await expect(writing(store.sql, async (tx) => void (await tx`select no_such_column from stories`))).rejects.toThrow();
    expect((await readIngestState(store.sql)).generation).toBe('0');
  });
});

const SOURCES = [
  { name: 'Alpha', url: 'https://alpha.example/feed', category: 'World' },
  { name: 'Beta', url: 'https://beta.example/feed', category: 'Science' },
];

describe('sources', () => {
  it('are claimed when due, and not claimed again by a second ingest while the first holds them', async () => {
    await syncSources(store.sql, SOURCES);
    const first = await claimSources(store.sql, NOW);
    expect(first.map((s) => s.name)).toEqual(['Alpha', 'Beta']);
    expect(await claimSources(store.sql, NOW)).toEqual([]);
    await markAllDue(store.sql, NOW);
    expect(await claimSources(store.sql, NOW)).toEqual([]);
  });

  it('keep their validators and status, and become due at the time recorded', async () => {
    await syncSources(store.sql, SOURCES);
    await claimSources(store.sql, NOW);
    await recordOutcomes(store.sql, NOW, [
      { url: SOURCES[0]?.url ?? '', count: 25, validators: { etag: '"a1"' }, nextFetchAt: new Date(NOW.getTime() + 4 * 60_000) },
      { url: SOURCES[1]?.url ?? '', error: 'http_503', count: 0, nextFetchAt: new Date(NOW.getTime() + 10 * 60_000) },
    ]);
    expect(await sourceStatuses(store.sql)).toEqual([
      { name: 'Alpha', ok: true, count: 25 },
      { name: 'Beta', ok: false, count: 0, error: 'http_503' },
    ]);
    const in5 = new Date(NOW.getTime() + 5 * 60_000);
    const due = await claimSources(store.sql, in5);
    expect(due.map((s) => [s.name, s.validators, s.consecutiveFailures])).toEqual([['Alpha', { etag: '"a1"' }, 0]]);
    await markAllDue(store.sql, in5);
    expect((await claimSources(store.sql, in5)).map((s) => [s.name, s.consecutiveFailures])).toEqual([['Beta', 1]]);
  });

  it('follow the sources file: a removed feed goes, a renamed one keeps its state', async () => {
    await syncSources(store.sql, SOURCES);
    await syncSources(store.sql, [{ name: 'Beta renamed', url: 'https://beta.example/feed', category: 'Science' }]);
    expect(await sourceStatuses(store.sql)).toEqual([{ name: 'Beta renamed', ok: false, count: 0, error: 'pending' }]);
  });

  it('are claimed 8 at a time by a scheduled call, in file order, the others staying due', async () => {
    await syncSources(store.sql, Array.from({ length: 20 }, (_, i) => ({ name: `S${String(i).padStart(2, '0')}`, url: `https://s${i}.example/feed`, category: 'World' })));
    expect((await claimSources(store.sql, NOW, 8)).map((s) => s.name)).toEqual(['S00', 'S01', 'S02', 'S03', 'S04', 'S05', 'S06', 'S07']);
    expect((await claimSources(store.sql, NOW, 8)).map((s) => s.name)).toEqual(['S08', 'S09', 'S10', 'S11', 'S12', 'S13', 'S14', 'S15']);
    expect(await claimSources(store.sql, NOW)).toHaveLength(4);
  });

  // Two pools, so that the two claims really run at once (the embedded store serves them a transaction at a time).
  it('are never claimed by two ingests at once (FOR UPDATE SKIP LOCKED)', async () => {
    await syncSources(store.sql, Array.from({ length: 20 }, (_, i) => ({ name: `S${i}`, url: `https://s${i}.example/feed`, category: 'World' })));
    const [a, b] = [connectStore(store.url), connectStore(store.url)];
    try {
      const [x, y] = await Promise.all([claimSources(a, NOW), claimSources(b, NOW)]);
      const names = [...x, ...y].map((s) => s.name);
      expect(names).toHaveLength(20);
      expect(new Set(names).size).toBe(20);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
