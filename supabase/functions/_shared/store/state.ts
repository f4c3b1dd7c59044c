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
}

export async function readIngestState(sql: Db): Promise<IngestState> {
  const [row] = await sql<{ generation: string; started_at: Date | null; finished_at: Date | null; outcome: IngestOutcome | null; news_pending: boolean }[]>`
    select generation::text, started_at, finished_at, outcome, news_pending from ingest_state`;
  if (!row) throw new Error('ingest_state has no row: the store is not migrated');
  return { generation: row.generation, startedAt: row.started_at ?? undefined, finishedAt: row.finished_at ?? undefined, outcome: row.outcome ?? undefined, newsPending: row.news_pending };
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

/** Records a grouping of every story written before it (in its transaction): followed groups may have new reports. */
export async function recordGrouped(tx: Db): Promise<void> {
  await tx`update ingest_state set grouping_due_since = null, news_pending = true`;
}

/** The work due at `now` (work_due in the migrations: the schedule counts its calls from it). */
export interface WorkDue {
  /** Sources due and not held by a call. */
  readonly sources: number;
  /** Pushes due (counted up to 3,000). */
  readonly pushes: number;
  /** Stories the grouping has not seen, and the sources are done (or a minute has passed). */
  readonly regroup: boolean;
  /** News the fan-out has not handed to the pushes yet. */
  readonly news: boolean;
  /** No run started for 5 minutes: one is due even with every source backing off. */
  readonly run: boolean;
}

export async function workDue(sql: Db, now: Date): Promise<WorkDue> {
  const [row] = await sql<WorkDue[]>`select sources, pushes, regroup, news, run from work_due(${now})`;
  if (!row) throw new Error('work_due answered nothing: the store is not migrated');
  return row;
}

/**
 * Clears the mark once the fan-out found nothing left, unless something wrote since `generation` (read before that
 * last page): a grouping that came in between keeps it for the next fan-out. The generation stays as it is.
 */
export async function clearNews(sql: Db, generation: string): Promise<void> {
  await sql`update ingest_state set news_pending = false where generation = ${generation}::bigint`;
}

/** The digest of the sources file the sources table follows (null before the first sync). */
export async function syncedDigest(tx: Db): Promise<string | null> {
  const [row] = await tx<{ sources_digest: string | null }[]>`select sources_digest from ingest_state`;
  return row?.sources_digest ?? null;
}

export async function recordSynced(tx: Db, digest: string): Promise<void> {
  await tx`update ingest_state set sources_digest = ${digest}`;
}
