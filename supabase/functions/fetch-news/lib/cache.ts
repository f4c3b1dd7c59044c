import type { CacheConfig } from './config.ts';
import type { NewsAnswer } from './types.ts';

export interface CachedAnswer {
  readonly answer: NewsAnswer;
  /** Epoch ms after which the answer is refreshed. */
  readonly expiresAt: number;
  /** True when served from memory without a refresh. */
  readonly hit: boolean;
}

/**
 * Keeps the last answer for `ttlMs`. Concurrent requests during a refresh share
 * that one refresh. When every source fails, the last good answer is served
 * again, marked `stale: true`, and the next attempt comes after `failureTtlMs`.
 */
export class AnswerCache {
  private entry: { answer: NewsAnswer; expiresAt: number } | undefined;
  private lastGood: NewsAnswer | undefined;
  private inflight: Promise<CachedAnswer> | undefined;

  constructor(
    private readonly refresh: () => Promise<NewsAnswer>,
    private readonly config: CacheConfig,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<CachedAnswer> {
    const entry = this.entry;
    if (entry && this.now() < entry.expiresAt) {
      return Promise.resolve({ answer: entry.answer, expiresAt: entry.expiresAt, hit: true });
    }
    this.inflight ??= this.load().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async load(): Promise<CachedAnswer> {
    let fresh: NewsAnswer;
    try {
      fresh = await this.refresh();
    } catch (error) {
      // aggregate() never rejects; this guards against a bug there taking the page down.
      if (!this.lastGood) throw error;
      return this.store({ ...this.lastGood, stale: true }, this.config.failureTtlMs);
    }
    const everySourceFailed = fresh.sources.length > 0 && fresh.sources.every((source) => !source.ok);
    if (!everySourceFailed) {
      this.lastGood = fresh;
      return this.store(fresh, this.config.ttlMs);
    }
    const answer = this.lastGood ? { ...this.lastGood, sources: fresh.sources, stale: true } : fresh;
    return this.store(answer, this.config.failureTtlMs);
  }

  private store(answer: NewsAnswer, ttlMs: number): CachedAnswer {
    const expiresAt = this.now() + ttlMs;
    this.entry = { answer, expiresAt };
    return { answer, expiresAt, hit: false };
  }
}
