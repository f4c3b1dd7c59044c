// The function's limits as the product states them (docs/product.md#timings-and-limits and
// #what-a-story-may-hold), written here as numbers rather than read back from config.ts.
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, SUCCESS_INTERVAL_MS } from '../../supabase/functions/_shared/ingest/ingest.ts';
import { PAGE_SIZE, RETENTION_MS, SEARCH_LIMIT } from '../../supabase/functions/_shared/store/store.ts';
import { allowLoopbackFrom, DEFAULT_AGGREGATE_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { INGEST_STALE_MS } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { MAX_IDS, MAX_QUERY_CHARS } from '../../supabase/functions/_shared/http/request.ts';

describe('the default limits', () => {
  it('fetch: a source not answered within 8 s is given up, the refresh answers at 8 s, 24 sources at once, 5 redirects, 512 KiB per body', () => {
    expect(DEFAULT_AGGREGATE_CONFIG).toMatchObject({
      timeoutMs: 8_000,
      deadlineMs: 8_000,
      maxConcurrentFetches: 24,
      maxRedirects: 5,
      maxBodyBytes: 524_288,
    });
  });

  it('parse: 200 ms of CPU per feed and 1 s per refresh', () => {
    expect(DEFAULT_AGGREGATE_CONFIG).toMatchObject({ parseBudgetMs: 200, refreshParseBudgetMs: 1_000 });
  });

  it('stories: 25 per source, 200 in all, 300-character titles and summaries, 2,048-character URLs, dates up to 5 minutes ahead', () => {
    expect(DEFAULT_AGGREGATE_CONFIG).toMatchObject({
      itemsPerSource: 25,
      maxStories: 200,
      titleMaxChars: 300,
      summaryMaxChars: 300,
      urlMaxChars: 2_048,
      futureToleranceMs: 300_000,
    });
  });

  it('refuses loopback unless NEWS_ALLOW_LOOPBACK=1, and names itself to the feeds it fetches', () => {
    expect(DEFAULT_AGGREGATE_CONFIG.allowLoopback).toBe(false);
    expect(DEFAULT_AGGREGATE_CONFIG.userAgent).toBe('Mozilla/5.0 (compatible; news-reader-fetch-news/1.0)');
  });

  it('store: stories kept 30 days; pages of 200, 50 search results, 100 ids, queries of 200 characters', () => {
    expect([RETENTION_MS, PAGE_SIZE, SEARCH_LIMIT, MAX_IDS, MAX_QUERY_CHARS]).toEqual([2_592_000_000, 200, 50, 100, 200]);
  });

  it('ingest: a source that answered is due again after 4 minutes, a failing one backs off to at most 6 hours; 15 minutes without an ingest starts one', () => {
    expect([SUCCESS_INTERVAL_MS, BACKOFF_MAX_MS, INGEST_STALE_MS]).toEqual([240_000, 21_600_000, 900_000]);
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
