// The store the store tests run on: the embedded PGlite served over the Postgres wire protocol and
// reached with the `postgres` driver, as the functions reach it; or, with STORE_TEST_DATABASE_URL
// set (.ci/run sets it), a fresh database on that real PostgreSQL server.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connectStore, migrate, startEmbeddedStore } from '../../scripts/lib/store.mjs';
import type { Sql } from '../../supabase/functions/_shared/store/db.ts';

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
  await sql`truncate stories, sources, story_tombstones, push_subscriptions, push_follows, push_queue, address_windows`;
  await sql`update ingest_state set generation = 0, started_at = null, finished_at = null, outcome = null, grouping_due_since = null, news_pending = false, sources_digest = null`;
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
