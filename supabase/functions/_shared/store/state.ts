/**
 * The ingest state (one row): the store's generation, which every ingest step that writes bumps,
 * and the last run's start, end and outcome. fetch-news reads it to know whether the answers it
 * keeps in memory still hold, and whether the schedule looks broken.
 */
import type { Db, Sql } from './db.ts';

export type IngestOutcome = 'ok' | 'partial' | 'idle' | 'failed';

export interface IngestState {
  /** Changes whenever anything an answer shows may have changed (an int8, as text). */
  readonly generation: string;
  readonly startedAt: Date | undefined;
  readonly finishedAt: Date | undefined;
  readonly outcome: IngestOutcome | undefined;
  /** A grouping may have given followed groups reports their browsers have not heard of (the fan-out clears it). */
  readonly newsPending: boolean;
  /** A run is due when none started for this long (work_policy.run_every). */
  readonly runEveryMs: number;
}

export async function readIngestState(sql: Db): Promise<IngestState> {
  const [row] = await sql<{ generation: string; started_at: Date | null; finished_at: Date | null; outcome: IngestOutcome | null; news_pending: boolean; run_every_ms: number }[]>`
    select s.generation::text, s.started_at, s.finished_at, s.outcome, s.news_pending, (extract(epoch from p.run_every) * 1000)::float8 as run_every_ms
    from ingest_state s, work_policy p`;
  if (!row) throw new Error('ingest_state has no row: the store is not migrated');
  return {
    generation: row.generation,
    startedAt: row.started_at ?? undefined,
    finishedAt: row.finished_at ?? undefined,
    outcome: row.outcome ?? undefined,
    newsPending: row.news_pending,
    runEveryMs: row.run_every_ms,
  };
}

/**
 * Runs `write` in a transaction that first bumps the generation. The bump takes the one row's lock,
 * so writes of overlapping ingests follow one another and never deadlock on each other's stories.
 */
export function writing<T>(sql: Sql, write: (tx: Db) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`update ingest_state set generation = generation + 1`;
    return write(tx);
  }) as Promise<T>;
}

export async function recordStart(tx: Db, now: Date): Promise<void> {
  // Calls run at once and record their starts in lock order: the latest start stays, so no stored story is dated after it.
  await tx`update ingest_state set started_at = greatest(started_at, ${now}), finished_at = null, outcome = null`;
}

export async function recordEnd(tx: Db, now: Date, outcome: IngestOutcome): Promise<void> {
  await tx`update ingest_state set finished_at = ${now}, outcome = ${outcome}`;
}

/** Marks stories written that the grouping has not seen (in the write's transaction): a later call regroups. */
export async function recordGroupingDue(tx: Db, now: Date): Promise<void> {
  await tx`update ingest_state set grouping_due_since = coalesce(grouping_due_since, ${now})`;
}

/**
 * Records a grouping (in its transaction): followed groups may have new reports. `more`: stories it had no room for
 * wait, and the grouping stays due for them.
 */
export async function recordGrouped(tx: Db, more = false): Promise<void> {
  await tx`update ingest_state set grouping_due_since = case when ${more} then grouping_due_since else null end, regroup_all = false, news_pending = true`;
}

/** Asks for a full regroup of the last 48 hours (after a change of rule; `npm run regroup`): the next grouping call does it. */
export async function requestRegroup(tx: Db, now: Date): Promise<void> {
  await tx`select request_regroup(${now})`;
}

/** Whether a full regroup was asked for (requestRegroup). */
export async function regroupAsked(tx: Db): Promise<boolean> {
  const [row] = await tx<{ regroup_all: boolean }[]>`select regroup_all from ingest_state`;
  return row?.regroup_all ?? false;
}

/** The digest of the sources file the sources table follows (null before the first sync). */
export async function syncedDigest(tx: Db): Promise<string | null> {
  const [row] = await tx<{ sources_digest: string | null }[]>`select sources_digest from ingest_state`;
  return row?.sources_digest ?? null;
}

export async function recordSynced(tx: Db, digest: string): Promise<void> {
  await tx`update ingest_state set sources_digest = ${digest}`;
}
