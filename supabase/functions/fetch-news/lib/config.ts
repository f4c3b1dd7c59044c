/** Limits of one aggregation run. Tests inject smaller values. */
export interface AggregateConfig {
  /** A source that has not delivered its whole body by then is given up. */
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly maxConcurrentFetches: number;
  readonly maxRedirects: number;
  readonly itemsPerSource: number;
  readonly maxStories: number;
  readonly summaryMaxChars: number;
  readonly userAgent: string;
}

export const DEFAULT_AGGREGATE_CONFIG: AggregateConfig = {
  timeoutMs: 8_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxConcurrentFetches: 6,
  maxRedirects: 5,
  itemsPerSource: 25,
  maxStories: 200,
  summaryMaxChars: 300,
  userAgent: 'Mozilla/5.0 (compatible; news-reader-fetch-news/1.0)',
};

export interface CacheConfig {
  /** How long a good answer is served from memory. */
  readonly ttlMs: number;
  /** How long an answer in which every source failed is kept before trying again. */
  readonly failureTtlMs: number;
}

export const DEFAULT_CACHE_CONFIG: CacheConfig = {
  ttlMs: 5 * 60_000,
  failureTtlMs: 30_000,
};
