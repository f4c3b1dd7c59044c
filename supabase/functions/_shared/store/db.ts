/**
 * The store's connection (docs/product.md#the-store). Each table's statements live in their own
 * file beside this one (sources.ts, stories.ts, state.ts), as Miniflux keeps one storage file per entity.
 */
import postgres from 'postgres';

/** A pool: what opens transactions. */
export type Sql = postgres.Sql;
/** A pool or a transaction: what runs statements. */
export type Db = postgres.ISql;

/**
 * A connection pool of `max` connections: 1 for the embedded store (its socket server serves one
 * database session), more for a PostgreSQL server (docs/deploy.md). Prepared statements off, as
 * Supabase's pooler and that one shared session both need.
 */
export function connect(url: string, max: number): Sql {
  return postgres(url, { max, prepare: false, idle_timeout: 30, connect_timeout: 5, onnotice: () => {} });
}
