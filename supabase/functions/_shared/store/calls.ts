/** The follow_calls table: how many calls each client address (a keyed hash of it) made to follow-news in its current window. */
import type { Db } from './db.ts';

/** follow-news counts an address's calls in windows of this length. */
export const CALL_WINDOW_MS = 60_000;

/**
 * Counts one call from the address (its keyed hash, hex) in its window of `windowMs`, starting a new
 * window when the last one has passed; returns the calls so far and when the window ends.
 */
export async function countCall(sql: Db, addressHash: string, now: Date, windowMs: number): Promise<{ calls: number; windowEndsAt: Date }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await sql<{ calls: number; window_started_at: Date }[]>`
    insert into follow_calls as c (address_hash, window_started_at, calls) values (${addressHash}, ${now}, 1)
    on conflict (address_hash) do update set
      calls = case when c.window_started_at <= ${windowStart} then 1 else c.calls + 1 end,
      window_started_at = case when c.window_started_at <= ${windowStart} then ${now} else c.window_started_at end
    returning calls, window_started_at`;
  if (!row) throw new Error('follow_calls: no row returned');
  return { calls: row.calls, windowEndsAt: new Date(row.window_started_at.getTime() + windowMs) };
}

/** Forgets the windows that have passed (the ingest calls it). */
export async function forgetPastCalls(sql: Db, now: Date, windowMs: number): Promise<number> {
  return (await sql`delete from follow_calls where window_started_at <= ${new Date(now.getTime() - windowMs)}`).count;
}
