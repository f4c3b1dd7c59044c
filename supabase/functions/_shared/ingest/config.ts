/**
 * Limits of one ingest (docs/product.md#the-fetch-news-function). Tests inject
 * smaller values. Sized so that one refresh of 24 sources, each serving its maximum of
 * hostile content, stays under Supabase's 2 s of CPU and 256 MB per request
 * (`npm run bench:function`, docs/performance-function.md).
 */
export interface IngestConfig {
  /**
   * One feed's fetch (DNS, connection, redirects, body) is given up after this long: `timeout`.
   * With the bundled sources all fetched at once (`maxConcurrentFetches`), every source has the
   * refresh's whole 8 s: a source that has not answered by then is given up, and no slow source
   * takes time from another.
   */
  readonly timeoutMs: number;
  /** The whole refresh answers by then, with the sources that finished; the others are `timeout`. */
  readonly deadlineMs: number;
  /** CPU time one feed's parse may take (decode, XML, items, stories): beyond it, `too_slow`. */
  readonly parseBudgetMs: number;
  /** CPU time the parses of one refresh may take together: once spent, the remaining feeds are `too_slow`. */
  readonly refreshParseBudgetMs: number;
  /** A body over this many bytes (after decompression) is `too_large`. */
  readonly maxBodyBytes: number;
  readonly maxConcurrentFetches: number;
  readonly maxRedirects: number;
  readonly itemsPerSource: number;
  readonly summaryMaxChars: number;
  /** Longer titles are cut at a word boundary with "…". */
  readonly titleMaxChars: number;
  /** An item whose url is longer is dropped; a longer image is left out. */
  readonly urlMaxChars: number;
  /** A date later than the fetch time by more than this becomes the fetch time. */
  readonly futureToleranceMs: number;
  /** NEWS_ALLOW_LOOPBACK=1: feeds on 127.0.0.0/8 and ::1 may be fetched (never other private addresses). */
  readonly allowLoopback: boolean;
  readonly userAgent: string;
}

export const DEFAULT_INGEST_CONFIG: IngestConfig = {
  timeoutMs: 8_000,
  deadlineMs: 8_000,
  parseBudgetMs: 200,
  refreshParseBudgetMs: 1_000,
  maxBodyBytes: 512 * 1024,
  maxConcurrentFetches: 24,
  maxRedirects: 5,
  itemsPerSource: 25,
  summaryMaxChars: 300,
  titleMaxChars: 300,
  urlMaxChars: 2_048,
  futureToleranceMs: 5 * 60_000,
  allowLoopback: false,
  userAgent: 'Mozilla/5.0 (compatible; news-reader-fetch-news/1.0)',
};
