// The function's limits as the product states them (docs/product.md#timings-and-limits and
// #what-a-story-may-hold), written here as numbers rather than read back from config.ts.
import { describe, expect, it } from 'vitest';
import { allowLoopbackFrom, DEFAULT_AGGREGATE_CONFIG, DEFAULT_CACHE_CONFIG } from '../../supabase/functions/fetch-news/lib/config.ts';

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

  it('cache: a good answer for 5 minutes, an answer in which every source failed for 30 s', () => {
    expect(DEFAULT_CACHE_CONFIG).toEqual({ ttlMs: 300_000, failureTtlMs: 30_000 });
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
