/** The sources table: one row per feed of the sources file, with what the last fetch left. */
import type postgres from 'postgres';
import type { Validators } from '../net/fetch-publisher-feed.ts';
import type { SourceStatus } from '../story.ts';
import type { Source } from '../stories/sources-file.ts';
import { cap } from './stories.ts';
import type { Db, Sql } from './db.ts';

export interface StoredSource extends Source {
  readonly validators: Validators;
  readonly consecutiveFailures: number;
  /** The RSS <ttl> its last full fetch declared, in seconds. */
  readonly ttlSeconds: number | undefined;
}

/** Makes the sources table list exactly these sources, in this order (fetch state kept by URL). */
export async function syncSources(tx: Db, sources: readonly Source[]): Promise<void> {
  await tx`delete from sources where not (url = any(${sources.map((source) => source.url)}::text[]))`;
  // A name may move to another URL: free the names first, then set them.
  await tx`update sources set name = url`;
  await tx`
    insert into sources (url, name, category, position)
    select x.url, x.name, x.category, x.position
    from jsonb_to_recordset(${tx.json(sources.map((source, position) => ({ ...source, position })) as unknown as postgres.JSONValue)}::jsonb)
      as x(url text, name text, category text, position integer)
    on conflict (url) do update set name = excluded.name, category = excluded.category, position = excluded.position`;
}

/** Makes every source due at `now` (`npm run ingest`, `?all=1`), those another ingest holds included. */
export async function markAllDue(tx: Db, now: Date): Promise<void> {
  await tx`update sources set next_fetch_at = ${now} where next_fetch_at > ${now}`;
}

/**
 * Claims the sources due at `now` (source_due in the migrations: not held by another call), the first `limit` in file
 * order, each held for work_policy's claim_lease: two ingests at once never fetch the same source.
 */
export async function claimSources(sql: Sql, now: Date, limit = Number.MAX_SAFE_INTEGER): Promise<StoredSource[]> {
  const rows: ClaimRow[] = await sql.begin(async (tx) => {
    const due = await tx<{ url: string }[]>`
      select url from sources s
      where source_due(s, ${now})
      order by position
      limit ${limit}
      for update skip locked`;
    if (due.length === 0) return [];
    return [...(await tx<ClaimRow[]>`
      update sources set claimed_until = ${now}::timestamptz + (select claim_lease from work_policy), last_attempt_at = ${now}
      where url = any(${due.map((row) => row.url)}::text[])
      returning url, name, category, etag, last_modified, consecutive_failures, ttl_seconds, position`)];
  });
  return rows
    .sort((a, b) => a.position - b.position)
    .map((row) => ({
      url: row.url,
      name: row.name,
      category: row.category,
      validators: { ...(row.etag === null ? {} : { etag: row.etag }), ...(row.last_modified === null ? {} : { lastModified: row.last_modified }) },
      consecutiveFailures: row.consecutive_failures,
      ttlSeconds: row.ttl_seconds ?? undefined,
    }));
}

interface ClaimRow {
  url: string;
  name: string;
  category: string;
  etag: string | null;
  last_modified: string | null;
  consecutive_failures: number;
  ttl_seconds: number | null;
  position: number;
}

export interface SourceOutcome {
  readonly url: string;
  /** A public error code, or undefined for a success (a 304 included). */
  readonly error?: string;
  readonly notModified?: boolean;
  readonly count: number;
  readonly validators?: Validators;
  /** A full fetch's RSS <ttl> in seconds (null: it declared none); undefined keeps the one stored. */
  readonly ttlSeconds?: number | null;
  readonly nextFetchAt: Date;
}

/** Records what an ingest learnt about sources it claimed, and releases them. */
export async function recordOutcomes(tx: Db, now: Date, outcomes: readonly SourceOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await tx`
    update sources s set
      claimed_until = null,
      next_fetch_at = o.next_fetch_at,
      last_error = o.error,
      last_success_at = case when o.error is null then ${now}::timestamptz else s.last_success_at end,
      consecutive_failures = case when o.error is null then 0 else s.consecutive_failures + 1 end,
      last_count = case when o.error is not null then 0 when o.not_modified then s.last_count else o.count end,
      etag = case when o.error is null then o.etag else s.etag end,
      last_modified = case when o.error is null then o.last_modified else s.last_modified end,
      ttl_seconds = case when o.keep_ttl then s.ttl_seconds else o.ttl_seconds end
    from jsonb_to_recordset(${tx.json(
      outcomes.map((outcome) => ({
        url: outcome.url,
        error: outcome.error ?? null,
        not_modified: outcome.notModified === true,
        count: outcome.count,
        etag: outcome.validators?.etag ?? null,
        last_modified: outcome.validators?.lastModified ?? null,
        keep_ttl: outcome.ttlSeconds === undefined,
        ttl_seconds: outcome.ttlSeconds ?? null,
        next_fetch_at: outcome.nextFetchAt.toISOString(),
      })) as postgres.JSONValue,
    )}::jsonb) as o(url text, error text, not_modified boolean, count integer, etag text, last_modified text, keep_ttl boolean, ttl_seconds integer, next_fetch_at timestamptz)
    where s.url = o.url`;
}

/** Each source's status from its last fetch, in file order (`pending` until the first has ended). */
export async function sourceStatuses(sql: Db): Promise<SourceStatus[]> {
  const rows = await sql<{ name: string; last_error: string | null; last_count: number; last_success_at: Date | null }[]>`
    select name, last_error, last_count, last_success_at from sources order by position, url`;
  return rows.map((row): SourceStatus => {
    if (row.last_success_at === null && row.last_error === null) return { name: cap(row.name), ok: false, count: 0, error: 'pending' };
    return row.last_error === null ? { name: cap(row.name), ok: true, count: row.last_count } : { name: cap(row.name), ok: false, count: 0, error: cap(row.last_error) };
  });
}
