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
}

export async function readIngestState(sql: Db): Promise<IngestState> {
  const [row] = await sql<{ generation: string; started_at: Date | null; finished_at: Date | null; outcome: IngestOutcome | null }[]>`
    select generation::text, started_at, finished_at, outcome from ingest_state`;
  if (!row) throw new Error('ingest_state has no row: the store is not migrated');
  return { generation: row.generation, startedAt: row.started_at ?? undefined, finishedAt: row.finished_at ?? undefined, outcome: row.outcome ?? undefined };
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
