/**
 * The push_queue table: the pushes waiting to be sent, one per subscription and news (fanOutPage in follows.ts queues
 * them). A call claims a batch FOR UPDATE SKIP LOCKED and makes it invisible for a lease: two calls never take the same
 * push, and a call that dies before settling its batch gives it back when the lease runs out.
 */
import type { Db } from './db.ts';
import type { GroupNews } from './follows.ts';

export interface QueuedPush {
  readonly id: string;
  readonly endpoint: string;
  /** The subscription's keys (RFC 8291). */
  readonly p256dh: string;
  readonly auth: string;
  readonly news: readonly GroupNews[];
  readonly createdAt: Date;
  /** Tries so far, this one included. */
  readonly attempts: number;
}

/** Takes up to `limit` pushes visible at `now`, oldest first, invisible to others until `now + leaseMs`. */
export async function claimPushes(sql: Db, now: Date, limit: number, leaseMs: number): Promise<QueuedPush[]> {
  const rows = await sql<{ id: string; endpoint: string; p256dh: string; auth: string; news: GroupNews[]; created_at: Date; attempts: number }[]>`
    with due as (
      select id from push_queue where visible_at <= ${now} order by visible_at, id limit ${limit} for update skip locked
    ), claimed as (
      update push_queue q set visible_at = ${new Date(now.getTime() + leaseMs)}, attempts = q.attempts + 1
      from due where q.id = due.id
      returning q.id, q.endpoint, q.news, q.created_at, q.attempts
    )
    select c.id::text, c.endpoint, s.p256dh, s.auth, c.news, c.created_at, c.attempts
    from claimed c join push_subscriptions s on s.endpoint = c.endpoint
    order by c.id`;
  return rows.map((row) => ({ id: row.id, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, news: row.news, createdAt: row.created_at, attempts: row.attempts }));
}

/** A batch's outcome: pushes done with (sent, or given up), pushes to try again at a time, subscriptions gone. */
export interface Settlement {
  readonly done: readonly string[];
  readonly retries: readonly { readonly id: string; readonly at: Date }[];
  /** Their queued pushes go with them. */
  readonly goneEndpoints: readonly string[];
}

/** Records a batch's outcome in one transaction. */
export async function settlePushes(sql: Db, settlement: Settlement): Promise<void> {
  const { done, retries, goneEndpoints } = settlement;
  await sql`
    with deleted as (delete from push_queue where id = any(${done as string[]}::bigint[])),
    retried as (
      update push_queue q set visible_at = r.at
      from unnest(${retries.map((retry) => retry.id)}::bigint[], ${retries.map((retry) => retry.at.toISOString())}::timestamptz[]) as r(id, at)
      where q.id = r.id
    )
    delete from push_subscriptions where endpoint = any(${goneEndpoints as string[]}::text[])`;
}

/** Deletes the pushes due at `now` unsent (notifications turned off: no VAPID keys); returns how many. */
export async function dropDuePushes(sql: Db, now: Date): Promise<number> {
  return (await sql`delete from push_queue where visible_at <= ${now}`).count;
}
