// The function's limits as the product states them (docs/product.md#timings-and-limits and
// #what-a-story-may-hold), written here as numbers rather than read back from config.ts.
import { describe, expect, it } from 'vitest';
import { INGEST_STALE_MS, KEPT_ANSWERS, RECHECK_MS } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { MAX_QUERY_CHARS } from '../../supabase/functions/_shared/http/request.ts';
import { MAX_IDS } from '../../supabase/functions/_shared/story.ts';
import { allowLoopbackFrom, poolSize } from '../../supabase/functions/_shared/http/runtime.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { BACKOFF_MAX_MS, DECLARED_MAX_MS, SUCCESS_INTERVAL_MS } from '../../supabase/functions/_shared/ingest/ingest.ts';
import { PAGE_SIZE, RETENTION_MS, SEARCH_LIMIT } from '../../supabase/functions/_shared/store/stories.ts';

describe('the default limits', () => {
  it('fetch: a source not answered within 8 s is given up, the refresh answers at 8 s, 24 sources at once, 5 redirects, 512 KiB per body', () => {
    expect(DEFAULT_INGEST_CONFIG).toMatchObject({
      timeoutMs: 8_000,
      deadlineMs: 8_000,
      maxConcurrentFetches: 24,
      maxRedirects: 5,
      maxBodyBytes: 524_288,
    });
  });

  it('parse: 200 ms of CPU per feed and 1 s per refresh', () => {
    expect(DEFAULT_INGEST_CONFIG).toMatchObject({ parseBudgetMs: 200, refreshParseBudgetMs: 1_000 });
  });

  it('stories: 25 per source, 300-character titles and summaries, 2,048-character URLs, dates up to 5 minutes ahead', () => {
    expect(DEFAULT_INGEST_CONFIG).toMatchObject({
      itemsPerSource: 25,
      titleMaxChars: 300,
      summaryMaxChars: 300,
      urlMaxChars: 2_048,
      futureToleranceMs: 300_000,
    });
  });

  it('refuses loopback unless NEWS_ALLOW_LOOPBACK=1, and names itself to the feeds it fetches', () => {
    expect(DEFAULT_INGEST_CONFIG.allowLoopback).toBe(false);
    expect(DEFAULT_INGEST_CONFIG.userAgent).toBe('Mozilla/5.0 (compatible; news-reader-fetch-news/1.0)');
  });

  it('store: stories kept 30 days; pages of 200, 50 search results, 100 ids, queries of 200 characters', () => {
    expect([RETENTION_MS, PAGE_SIZE, SEARCH_LIMIT, MAX_IDS, MAX_QUERY_CHARS]).toEqual([2_592_000_000, 200, 50, 100, 200]);
  });

  it('ingest: a source that answered is due again after 4 minutes (or as it declares, up to an hour), a failing one backs off to at most 6 hours; 15 minutes without an ingest starts one', () => {
    expect([SUCCESS_INTERVAL_MS, DECLARED_MAX_MS, BACKOFF_MAX_MS, INGEST_STALE_MS]).toEqual([240_000, 3_600_000, 21_600_000, 900_000]);
  });

  it('answers in memory: the store\'s generation read at most once a second, 64 answers kept', () => {
    expect([RECHECK_MS, KEPT_ANSWERS]).toEqual([1_000, 64]);
  });
});

describe('NEWS_ALLOW_LOOPBACK', () => {
  const env = (value: string | undefined) => (name: string) => (name === 'NEWS_ALLOW_LOOPBACK' ? value : '1');

  it.each([
    ['1', true],
    [' 1\n', true],
    ['0', false],
    ['true', false],
    ['', false],
    ['11', false],
    [undefined, false],
  ])('%j turns loopback on: %s', (value, expected) => {
    expect(allowLoopbackFrom(env(value))).toBe(expected);
  });
});

describe('NEWS_DB_POOL_SIZE', () => {
  const env = (value: string | undefined) => (name: string) => (name === 'NEWS_DB_POOL_SIZE' ? value : undefined);

  it.each([
    [undefined, 5],
    ['', 5],
    ['1', 1],
    [' 8 ', 8],
    ['20', 20],
  ])('%j gives a pool of %i connections', (value, expected) => {
    expect(poolSize(env(value))).toBe(expected);
  });

  it.each(['0', '21', '2.5', 'many', '-1'])('refuses %j, naming the variable', (value) => {
    expect(() => poolSize(env(value))).toThrow(`NEWS_DB_POOL_SIZE must be a whole number from 1 to 20, got "${value}"`);
  });
});
