/**
 * One ingest (docs/product.md#the-ingest): claims the sources that are due, fetches them with
 * conditional requests under the fetch-news rules (address checks, byte, time and CPU budgets),
 * writes each source's stories and status as soon as that source is done, marking them for a later
 * call's grouping (regroup, from work/step.ts), deletes what is past its time and records how the run
 * went. Every write bumps the store's generation (store/state.ts).
 */
import type { Sql } from '../store/db.ts';
import { claimSources, markAllDue, recordOutcomes, type SourceOutcome, type StoredSource, syncSources } from '../store/sources.ts';
import { placeNewStories, unplaceWindow } from '../store/grouping.ts';
import { type IngestOutcome, recordEnd, recordGrouped, recordGroupingDue, recordStart, recordSynced, regroupAsked, syncedDigest, writing } from '../store/state.ts';
import { deleteExpired, type StoryRow, upsertStories } from '../store/stories.ts';
import type { Story } from '../story.ts';
import type { Source } from '../stories/sources-file.ts';
import { hex } from '../text/hex.ts';
import { canonicalUrl } from '../text/urls.ts';
import { type IngestDeps, refreshSources, type SourceResult } from './refresh.ts';
import { forgetEndedWindows } from '../store/windows.ts';
import { forgetIdleSubscriptions } from '../store/follows.ts';

/** A source that answered is due again 4 minutes later, or later if it says so (DECLARED_MAX_MS). */
export const SUCCESS_INTERVAL_MS = 4 * 60_000;
/** How long a feed may ask to be left alone (Cache-Control max-age, Expires, RSS <ttl>): at most an hour. */
export const DECLARED_MAX_MS = 60 * 60_000;
/** A failing source waits 4, 8, 16, ... minutes, at most 6 hours (or longer if its Retry-After says so, up to 6 hours). */
export const BACKOFF_MAX_MS = 6 * 60 * 60_000;

export interface IngestReport {
  /** Sources fetched in full and parsed. */
  readonly fetched: number;
  /** Sources that answered 304: nothing parsed. */
  readonly notModified: number;
  readonly failed: number;
  /** Stories written (new or updated). */
  readonly stories: number;
  /** Stories deleted for being older than 30 days. */
  readonly deleted: number;
}

/** A digest of the sources file as the store was last made to follow it (SHA-256, hex). */
async function sourcesDigest(sources: readonly Source[]): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(sources))));
}

/**
 * When a source is due again after this result, given its failures before it: after a success, when
 * the feed says its answer goes stale (`declaredMs`), between the 4-minute schedule and an hour.
 */
export function nextFetchAt(now: Date, failuresBefore: number, result: Pick<SourceResult, 'status' | 'retryAfterMs'> & { readonly declaredMs?: number }): Date {
  if (result.status.ok) return new Date(now.getTime() + Math.min(DECLARED_MAX_MS, Math.max(SUCCESS_INTERVAL_MS, result.declaredMs ?? 0)));
  const failures = failuresBefore + 1;
  const backoff = Math.min(BACKOFF_MAX_MS, SUCCESS_INTERVAL_MS * 2 ** Math.min(failures - 1, 16));
  return new Date(now.getTime() + Math.max(backoff, Math.min(result.retryAfterMs ?? 0, BACKOFF_MAX_MS)));
}

/** One source's stories as rows: one per canonical URL, the first kept, borrowing a later one's image. */
function rowsOf(stories: readonly Story[]): StoryRow[] {
  const byUrl = new Map<string, StoryRow>();
  for (const story of stories) {
    const key = canonicalUrl(story.url);
    const kept = byUrl.get(key);
    if (!kept) byUrl.set(key, { ...story, canonicalUrl: key });
    else if (kept.image === undefined && story.image !== undefined) byUrl.set(key, { ...kept, image: story.image });
  }
  return [...byUrl.values()];
}

function outcomeOf(source: StoredSource, result: SourceResult, now: Date): SourceOutcome {
  const ttlMinutes = result.notModified ? (source.ttlSeconds ?? 0) / 60 : result.ttlMinutes;
  const declaredMs = Math.max(result.freshForMs ?? 0, (ttlMinutes ?? 0) * 60_000);
  return {
    url: source.url,
    ...(result.status.error === undefined ? {} : { error: result.status.error }),
    notModified: result.notModified === true,
    count: result.status.count,
    ...(result.validators === undefined ? {} : { validators: result.validators }),
    // A full fetch says what its feed declares now; a 304 or a failure keeps what was stored.
    ...(result.status.ok && !result.notModified ? { ttlSeconds: result.ttlMinutes === undefined ? null : result.ttlMinutes * 60 } : {}),
    nextFetchAt: nextFetchAt(now, source.consecutiveFailures, { ...result, declaredMs }),
  };
}

export interface IngestOptions {
  /** Every source, due or not (`npm run ingest`); still conditional. */
  readonly all?: boolean;
  /** Claims at most this many sources (a scheduled call's batch); the others stay due. */
  readonly limit?: number;
}

/**
 * The grouping a scheduled call does (work/step.ts), under the generation's lock, so that it sees every story written
 * before it: the stories written since the last one are placed in the groups of the 48 hours around them (at most
 * PLACE_MAX; the grouping stays due for the rest). A full regroup, when asked for (`npm run regroup`), first takes
 * every story of the last 48 hours out of its group, to be placed again so, in bounded calls. The groups that grew are
 * news for the fan-out.
 */
export async function regroup(sql: Sql): Promise<void> {
  await writing(sql, async (tx) => {
    if (await regroupAsked(tx)) await unplaceWindow(tx);
    const { more } = await placeNewStories(tx);
    await recordGrouped(tx, more);
  });
}

export async function ingest(sql: Sql, sources: readonly Source[], refreshDeps: IngestDeps, options: IngestOptions = {}): Promise<IngestReport> {
  const now = refreshDeps.now();
  // One time for the whole ingest: claims, story dates and statuses agree with each other.
  const deps = { ...refreshDeps, now: () => now };
  const digest = await sourcesDigest(sources);
  // The sources table follows the file (only when it changed: a sync rewrites every row, which claims beside it would skip).
  if (options.all === true || (await syncedDigest(sql)) !== digest) {
    await writing(sql, async (tx) => {
      if ((await syncedDigest(tx)) !== digest) {
        await syncSources(tx, sources);
        await recordSynced(tx, digest);
      }
      if (options.all === true) await markAllDue(tx, now);
    });
  }
  const claimed = await claimSources(sql, now, options.limit);
  // The run's start is recorded while the fetches begin (it waits for the generation's lock, which other runs' writes
  // hold); every write of this run comes after it.
  const started = writing(sql, (tx) => recordStart(tx, now));
  started.catch(() => undefined); // awaited below, once the fetches are under way
  try {
    let written = 0;
    // One source's write at a time, in the order the sources finish: they would wait on the generation's
    // lock anyway, and so the first source to answer keeps an article two of them report.
    let queue: Promise<unknown> = started;
    const write = (result: SourceResult, source: StoredSource): Promise<void> => {
      const next = queue.then(async () => {
        const stored = await writing(sql, async (tx) => {
          const count = await upsertStories(tx, now, rowsOf(result.stories));
          await recordOutcomes(tx, now, [outcomeOf(source, result, now)]);
          if (count > 0) await recordGroupingDue(tx, now);
          return count;
        });
        written += stored;
      });
      queue = next.catch(() => undefined);
      return next;
    };
    const results = await refreshSources(
      claimed.map((source) => ({ source, validators: source.validators })),
      deps,
      (result, index) => write(result, claimed[index] as StoredSource),
    );
    await started;
    const failed = results.filter((result) => !result.status.ok).length;
    const outcome: IngestOutcome = claimed.length === 0 ? 'idle' : failed > 0 ? 'partial' : 'ok';
    const deleted = await writing(sql, async (tx) => {
      const count = await deleteExpired(tx, now);
      await recordEnd(tx, now, outcome);
      return count;
    });
    await forgetIdleSubscriptions(sql, now);
    await forgetEndedWindows(sql, now);
    return {
      fetched: results.filter((result) => result.status.ok && !result.notModified).length,
      notModified: results.filter((result) => result.notModified).length,
      failed,
      stories: written,
      deleted,
    };
  } catch (error) {
    // The error that stopped the ingest is the one to report; the store may well refuse this record too.
    await writing(sql, (tx) => recordEnd(tx, now, 'failed')).catch(() => undefined);
    throw error;
  }
}
