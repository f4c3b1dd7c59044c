// The local store: the migration runner (every environment but Supabase's, where `supabase db push`
// applies the same files) and the embedded PostgreSQL (PGlite over the wire protocol).
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import postgres from 'postgres';
import { ROOT } from './function-command.mjs';

export const MIGRATIONS_DIR = resolve(ROOT, 'supabase/migrations');
export const DATA_DIR = resolve(ROOT, '.data');
/** Any number will do: it only keeps two runners from applying the same files at once. */
const MIGRATION_LOCK = 3_503_503;

/** A driver pool as the functions open it: prepared statements off (one shared session), notices quiet. */
export function connectStore(url, max = 1) {
  return postgres(url, { max, prepare: false, onnotice: () => {}, connect_timeout: 10 });
}

/**
 * Applies supabase/migrations/*.sql in name order, each once, each in its own transaction, and
 * records it in local_migrations.applied. Returns the names applied now.
 */
export async function migrate(sql, dir = MIGRATIONS_DIR) {
  const files = readdirSync(dir)
    .filter((name) => /^\d+_[a-z0-9_]+\.sql$/.test(name))
    .sort();
  const applied = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create schema if not exists local_migrations`;
    await tx`create table if not exists local_migrations.applied (name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx`select name from local_migrations.applied`).map((row) => row.name));
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.unsafe(readFileSync(join(dir, name), 'utf8')).simple();
      await tx`insert into local_migrations.applied (name) values (${name})`;
      applied.push(name);
    }
  });
  return applied;
}

/**
 * PGlite with its data in `dataDir` (in memory when undefined), served on 127.0.0.1:port (0: any free
 * port) by pglite-socket. It serves one connection at a time (PGlite is one session; the socket
 * server's multiplexing would interleave two clients' extended-protocol messages), so every client
 * uses a pool of one and the functions share one process.
 */
export async function startEmbeddedStore({ dataDir, port = 0 } = {}) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 1 });
  await server.start();
  const bound = Number(server.getServerConn().split(':').pop());
  const url = `postgres://postgres@127.0.0.1:${bound}/postgres`;
  return {
    url,
    port: bound,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
