/**
 * The address_windows table: what follow-news counts per client address (a keyed hash of it) in a window of time:
 * its calls in a minute, the subscriptions it added in a day.
 */
import type { Db } from './db.ts';

export type WindowKind = 'calls' | 'subscriptions';

/**
 * Counts one more for the address (its keyed hash, hex) in its current window of `windowMs`, starting a new window
 * when the last one has ended; returns the count so far and when the window ends.
 */
export async function countInWindow(sql: Db, addressHash: string, kind: WindowKind, now: Date, windowMs: number): Promise<{ count: number; windowEndsAt: Date }> {
  const [row] = await sql<{ count: number; window_ends_at: Date }[]>`
    insert into address_windows as w (address_hash, kind, window_ends_at, count) values (${addressHash}, ${kind}, ${new Date(now.getTime() + windowMs)}, 1)
    on conflict (address_hash, kind) do update set
      count = case when w.window_ends_at <= ${now} then 1 else w.count + 1 end,
      window_ends_at = case when w.window_ends_at <= ${now} then excluded.window_ends_at else w.window_ends_at end
    returning count, window_ends_at`;
  if (!row) throw new Error('address_windows: no row returned');
  return { count: row.count, windowEndsAt: row.window_ends_at };
}

/** Forgets the windows that have ended (the ingest calls it); returns how many. */
export async function forgetEndedWindows(sql: Db, now: Date): Promise<number> {
  return (await sql`delete from address_windows where window_ends_at <= ${now}`).count;
}
