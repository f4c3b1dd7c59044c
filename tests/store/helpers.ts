// The store the store tests run on: the embedded PGlite served over the Postgres wire protocol and
// reached with the `postgres` driver, as the functions reach it; or, with STORE_TEST_DATABASE_URL
// set (.ci/run sets it), a fresh database on that real PostgreSQL server.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connectStore, migrate, startEmbeddedStore } from '../../scripts/lib/store.mjs';
import { ingest, type IngestOptions, type IngestReport, regroup } from '../../supabase/functions/_shared/ingest/ingest.ts';
import type { IngestDeps } from '../../supabase/functions/_shared/ingest/refresh.ts';
import type { Sql } from '../../supabase/functions/_shared/store/db.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';

export const REAL_POSTGRES_ENV = 'STORE_TEST_DATABASE_URL';

export interface TestStore {
  /** The pool the tests share; reopen() replaces it. */
  sql: Sql;
  /** The connection string, for a second client. */
  readonly url: string;
  readonly kind: 'pglite' | 'postgresql';
  /** Empties the store (between tests): no sources, stories, tombstones, subscriptions or queued pushes, no ingest yet. */
  reset(): Promise<void>;
  /** Closes the shared pool (the embedded store takes one connection at a time) until reopen(). */
  release(): Promise<void>;
  reopen(): void;
  stop(): Promise<void>;
}

async function emptied(sql: Sql): Promise<void> {
  await sql`truncate stories, sources, story_tombstones, push_subscriptions, push_follows, push_alerts, push_queue, address_windows`;
  await sql`update ingest_state set generation = 0, started_at = null, finished_at = null, outcome = null, grouping_due_since = null, regroup_all = false, news_pending = false, sources_digest = null`;
}

export async function openTestStore(): Promise<TestStore> {
  const server = process.env[REAL_POSTGRES_ENV]?.trim();
  if (server) {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const store: TestStore = {
      sql: connectStore(url.href, 4),
      url: url.href,
      kind: 'postgresql',
      reset: () => emptied(store.sql),
      release: () => store.sql.end(),
      reopen: () => void (store.sql = connectStore(url.href, 4)),
      async stop() {
        await store.sql.end();
        await admin.unsafe(`drop database ${name}`);
        await admin.end();
      },
    };
    await migrate(store.sql);
    return store;
  }
  const embedded = await startEmbeddedStore();
  const store: TestStore = {
    sql: connectStore(embedded.url),
    url: embedded.url,
    kind: 'pglite',
    reset: () => emptied(store.sql),
    release: () => store.sql.end(),
    reopen: () => void (store.sql = connectStore(embedded.url)),
    async stop() {
      await store.sql.end();
      await embedded.stop();
    },
  };
  await migrate(store.sql);
  return store;
}

/** An ingest, then the grouping a later scheduled call gives what it wrote (work/step.ts): the stories as a visitor sees them. */
export async function ingestGrouped(sql: Sql, sources: readonly Source[], deps: IngestDeps, options: IngestOptions = {}): Promise<IngestReport> {
  const report = await ingest(sql, sources, deps, options);
  if (report.stories > 0) await regroup(sql);
  return report;
}

/**
 * Runs `test` with the scheduled work's policy changed (work_policy's columns, as SQL takes them), then puts the row
 * back as it was: every other test runs under the policy the migrations define.
 */
export async function underPolicy<T>(store: TestStore, change: Readonly<Record<string, number | string>>, test: () => Promise<T>): Promise<T> {
  const [saved] = await store.sql<{ row: string }[]>`select row_to_json(p)::text as row from work_policy p`;
  await store.sql`update work_policy set ${store.sql(change)}`;
  try {
    return await test();
  } finally {
    await store.sql.begin(async (tx) => {
      await tx`delete from work_policy`;
      await tx`insert into work_policy select * from json_populate_record(null::work_policy, ${saved?.row ?? null}::text::json)`;
    });
  }
}
