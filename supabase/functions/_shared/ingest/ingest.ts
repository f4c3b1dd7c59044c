/**
 * One ingest (docs/product.md#the-ingest): claims the sources that are due, fetches them with
 * conditional requests under the fetch-news rules (address checks, byte, time and CPU budgets),
 * keeps their stories, regroups the recent ones, records each source's status and deletes
 * stories published and first seen more than 30 days ago.
 */
import { type AggregateDeps, mergeStories, refreshSources, type SourceResult } from './refresh.ts';
import { groupStories } from '../stories/group.ts';
import type { Story } from '../story.ts';
import type { Source } from '../stories/sources.ts';
import { canonicalUrl } from '../text/urls.ts';
import {
  claimSources,
  deleteExpired,
  type Grouping,
  recordOutcomes,
  saveGrouping,
  type SourceOutcome,
  type Sql,
  newestForGrouping,
  syncSources,
  upsertStories,
} from '../store/store.ts';

/** A source that answered is due again at the next 5-minute run. */
export const SUCCESS_INTERVAL_MS = 4 * 60_000;
/** A failing source waits 4, 8, 16, ... minutes, at most 6 hours (or longer if its Retry-After says so, up to 6 hours). */
export const BACKOFF_MAX_MS = 6 * 60 * 60_000;
/** Grouping looks at this many stories, the newest by publication date (five times a page). */
export const GROUP_WINDOW_MAX = 1_000;

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

/** When a source is due again after this result, given its failures before it. */
export function nextFetchAt(now: Date, failuresBefore: number, result: Pick<SourceResult, 'status' | 'retryAfterMs'>): Date {
  if (result.status.ok) return new Date(now.getTime() + SUCCESS_INTERVAL_MS);
  const failures = failuresBefore + 1;
  const backoff = Math.min(BACKOFF_MAX_MS, SUCCESS_INTERVAL_MS * 2 ** Math.min(failures - 1, 16));
  return new Date(now.getTime() + Math.max(backoff, Math.min(result.retryAfterMs ?? 0, BACKOFF_MAX_MS)));
}

/**
 * Groups the window's stories as fetch-news always has (lib/group.ts): each representative keeps
 * the others' links in `related`, each other story names its representative.
 */
export function groupingOf(stories: readonly Story[]): Grouping[] {
  const idOf = new Map(stories.map((story) => [`${story.source}\n${story.url}`, story.id]));
  const groupings = new Map<string, Grouping>(stories.map((story) => [story.id, { id: story.id, related: null, memberOf: null }]));
  for (const story of groupStories(stories)) {
    if (!story.related) continue;
    groupings.set(story.id, { id: story.id, related: story.related, memberOf: null });
    for (const link of story.related) {
      const member = idOf.get(`${link.source}\n${link.url}`);
      if (member !== undefined) groupings.set(member, { id: member, related: null, memberOf: story.id });
    }
  }
  return [...groupings.values()];
}

export interface IngestOptions {
  /** Every source, due or not (`npm run ingest`); still conditional. */
  readonly all?: boolean;
}

export async function ingest(sql: Sql, sources: readonly Source[], refreshDeps: AggregateDeps, options: IngestOptions = {}): Promise<IngestReport> {
  const now = refreshDeps.now();
  // One time for the whole ingest: claims, story dates and statuses agree with each other.
  const deps = { ...refreshDeps, now: () => now };
  await syncSources(sql, sources);
  const claimed = await claimSources(sql, now, options.all === true);
  const results = await refreshSources(
    claimed.map((source) => ({ source, validators: source.validators })),
    deps,
  );
  const stories = mergeStories(
    results.map((result) => result.stories),
    Number.POSITIVE_INFINITY,
  ).map((story) => ({ ...story, canonicalUrl: canonicalUrl(story.url) }));
  await upsertStories(sql, now, stories);
  if (stories.length > 0) {
    const window = await newestForGrouping(sql, GROUP_WINDOW_MAX);
    await saveGrouping(sql, groupingOf(window));
  }
  const deleted = await deleteExpired(sql, now);
  const outcomes = claimed.map((source, index): SourceOutcome => {
    const result = results[index] ?? { status: { name: source.name, ok: false, count: 0, error: 'timeout' }, stories: [] };
    return {
      url: source.url,
      ...(result.status.error === undefined ? {} : { error: result.status.error }),
      notModified: result.notModified === true,
      count: result.status.count,
      ...(result.validators === undefined ? {} : { validators: result.validators }),
      nextFetchAt: nextFetchAt(now, source.consecutiveFailures, result),
    };
  });
  await recordOutcomes(sql, now, outcomes);
  return {
    fetched: results.filter((result) => result.status.ok && !result.notModified).length,
    notModified: results.filter((result) => result.notModified).length,
    failed: results.filter((result) => !result.status.ok).length,
    stories: stories.length,
    deleted,
  };
}
