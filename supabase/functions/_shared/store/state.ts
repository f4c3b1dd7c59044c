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
  await tx`update ingest_state set started_at = ${now}, finished_at = null, outcome = null`;
}

export async function recordEnd(tx: Db, now: Date, outcome: IngestOutcome): Promise<void> {
  await tx`update ingest_state set finished_at = ${now}, outcome = ${outcome}`;
}

/** Marks that followed groups may have new reports (in the grouping's transaction). */
export async function recordNews(tx: Db): Promise<void> {
  await tx`update ingest_state set news_pending = true`;
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
