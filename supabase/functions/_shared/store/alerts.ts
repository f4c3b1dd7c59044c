/**
 * Alerts for words (docs/product.md#alerts-for-words): the new stories matched against every stored alert in the
 * store, through the alerts' GIN index (push_alerts_terms), never by loading alerts into a call; each match queued as
 * one push on push_queue, under the daily cap.
 */
import { ALERT_PUSHES_PER_DAY } from '../alerts.ts';
import type { Db, Sql } from './db.ts';

/** A match as a queued push tells of it: the alert's words, and the story that matched. */
export interface AlertNews {
  readonly alert: string;
  readonly storyId: string;
  readonly title: string;
}

/** The UTC day of `now`, as the cap counts days. */
const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * One page of the alerts' matching: takes up to `stories` stories first stored and not matched yet, oldest first, and in
 * one statement queues a push for each subscription with an alert that matches one (every term of the alert a word of
 * the story), added no later than the story was first stored: one push per subscription and story (its earliest such
 * alert named), at most ALERT_PUSHES_PER_DAY a UTC day per subscription, the rest of the day's matches dropped. The
 * stories are marked matched in the same statement, so a call that dies loses nothing and queues nothing twice. One
 * call matches at a time (a transaction-level advisory lock), so the day's count is never raced; another call finds
 * it held and leaves the work to the next. Returns how many stories it took and pushes it queued.
 */
export async function matchAlertsPage(sql: Sql, now: Date, stories: number): Promise<{ taken: number; queued: number }> {
  return (await sql.begin(async (tx) => {
    const [lock] = await tx<{ held: boolean }[]>`select pg_try_advisory_xact_lock(hashtext('newsroom:alert-matching')) as held`;
    if (!lock?.held) return { taken: 0, queued: 0 };
    return matchDue(tx, now, stories);
  })) as { taken: number; queued: number };
}

async function matchDue(tx: Db, now: Date, stories: number): Promise<{ taken: number; queued: number }> {
  const today = dayOf(now);
  const [result] = await tx<{ taken: number; queued: number }[]>`
    with due as (
      select id, title, words, first_seen_at from stories where alerts_due order by first_seen_at, id limit ${stories}
    ), matched as (
      select distinct on (a.endpoint, d.id) a.endpoint, a.words as alert, d.id as story_id, d.title, d.first_seen_at
      from due d join push_alerts a on a.terms <@ d.words and a.created_at <= d.first_seen_at
      order by a.endpoint, d.id, a.created_at, a.key
    ), ranked as (
      select m.*, row_number() over (partition by m.endpoint order by m.first_seen_at, m.story_id) as n from matched m
    ), kept as (
      select r.*, case when s.alert_day = ${today}::date then s.alert_pushes else 0 end as sent
      from ranked r join push_subscriptions s on s.endpoint = r.endpoint
      where r.n <= ${ALERT_PUSHES_PER_DAY} - case when s.alert_day = ${today}::date then s.alert_pushes else 0 end
    ), counted as (
      update push_subscriptions s set alert_day = ${today}::date, alert_pushes = k.sent + k.queued
      from (select endpoint, max(sent) as sent, count(*)::integer as queued from kept group by endpoint) k
      where s.endpoint = k.endpoint
    ), queued as (
      insert into push_queue (endpoint, news, created_at, visible_at)
      select endpoint, jsonb_build_array(jsonb_build_object('alert', alert, 'storyId', story_id, 'title', title)), ${now}, ${now}
      from kept order by endpoint, n
      returning 1
    ), matchedNow as (
      update stories s set alerts_due = false from due where s.id = due.id
    )
    select (select count(*) from due)::integer as taken, (select count(*) from queued)::integer as queued`;
  return { taken: result?.taken ?? 0, queued: result?.queued ?? 0 };
}

/** Whether a story waits for the alerts' matching. */
export async function alertsDue(sql: Db): Promise<boolean> {
  const [row] = await sql<{ due: boolean }[]>`select exists (select 1 from stories where alerts_due) as due`;
  return row?.due ?? false;
}
