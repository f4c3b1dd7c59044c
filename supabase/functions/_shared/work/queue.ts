/**
 * The push queue (push_queue): its producer turns news for the followers into queued pushes, one per subscription; its
 * consumer claims a batch FOR UPDATE SKIP LOCKED, invisible to other calls for work_policy's lease, sends it
 * (push/send.ts) and records how each push went: two calls never take the same push, and a call that dies before
 * settling its batch gives it back when the lease runs out. A push is deleted once a push service has taken it; a 404
 * or 410 forgets the subscription; a 429, a 5xx or no answer is tried again after a backoff (or the service's
 * Retry-After) until the push's day has passed, and then dropped and counted.
 */
import type { Db } from '../store/db.ts';
import { readIngestState } from '../store/state.ts';
import { ALERT_PUSHES_PER_DAY } from '../alerts.ts';
import type { Sql } from '../store/db.ts';
import { type Push, type PushDeps, type PushNews, PUSH_TTL_MS, sendPushes, type VapidCache } from '../push/send.ts';

// The producer: news to fan out becomes queued pushes: the followed groups that grew, and the new stories that match
// alerts. Another kind of news adds its page here and to queueNews.

/**
 * One page of the fan-out: takes up to `rows` follows whose group's number of reports differs from what their browser
 * last heard, with every other such follow of the same subscriptions, records what each has heard now and queues one
 * push per subscription whose groups grew, all in one statement: a follow is marked heard only with its push queued.
 * Followed stories are found through an index walk (one probe per story), their groups' sizes once each. Returns how
 * many follows it took (fewer than `rows`: none is left) and how many pushes it queued.
 */
export async function fanOutPage(sql: Db, now: Date, rows: number): Promise<{ taken: number; queued: number }> {
  const [result] = await sql<{ taken: number; queued: number }[]>`
    with recursive followed(story_id) as (
      (select story_id from push_follows order by story_id limit 1)
      union all
      select (select p.story_id from push_follows p where p.story_id > f.story_id order by p.story_id limit 1)
      from followed f where f.story_id is not null
    ), sizes as (
      select a.id as story_id, coalesce(l.id, a.id) as leader_id, coalesce(l.title, a.title) as title,
        1 + (select count(*) from stories m where m.member_of = coalesce(l.id, a.id))::integer as reports
      from followed f join stories a on a.id = f.story_id left join stories l on l.id = a.member_of
    ), taken as (
      select f.endpoint from sizes s join push_follows f on f.story_id = s.story_id and f.known_reports <> s.reports
      limit ${rows}
    ), heard as (
      select f.endpoint, f.story_id, f.known_reports, s.leader_id, s.title, s.reports
      from push_follows f join sizes s on s.story_id = f.story_id
      where f.endpoint in (select endpoint from taken) and f.known_reports <> s.reports
    ), changed as (
      update push_follows f set known_reports = h.reports
      from heard h
      where f.endpoint = h.endpoint and f.story_id = h.story_id and f.known_reports = h.known_reports
      returning h.endpoint, h.leader_id, h.title, h.reports - h.known_reports as added
    ), grown as (
      select endpoint, leader_id, title, max(added) as added from changed where added > 0 group by endpoint, leader_id, title
    ), queued as (
      insert into push_queue (endpoint, news, created_at, visible_at)
      select endpoint, jsonb_agg(jsonb_build_object('leaderId', leader_id, 'title', title, 'added', added) order by added desc, leader_id), ${now}, ${now}
      from grown group by endpoint
      returning 1
    )
    select (select count(*) from taken)::integer as taken, (select count(*) from queued)::integer as queued`;
  return { taken: result?.taken ?? 0, queued: result?.queued ?? 0 };
}

/**
 * Clears the mark once the fan-out found nothing left, unless something wrote since `generation` (read before that
 * last page): a grouping that came in between keeps it for the next fan-out. The generation stays as it is.
 */
async function clearNews(sql: Db, generation: string): Promise<void> {
  await sql`update ingest_state set news_pending = false where generation = ${generation}::bigint`;
}

/** The UTC day of `now`, as the alerts' daily cap counts days. */
const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * One page of the alerts' matching (docs/product.md#alerts-for-words): takes up to `stories` stories first stored and
 * not matched yet, oldest first, and in one statement queues a push for each subscription with an alert that matches
 * one (every term of the alert a word of the story: `terms <@ words`, through the alerts' GIN index, never by loading
 * alerts into the call), added no later than the story was first stored: one push per subscription and story (its
 * earliest such alert named), at most ALERT_PUSHES_PER_DAY a UTC day per subscription, the day's further matches
 * dropped. The stories are marked matched in the same statement, so a call that dies loses nothing and queues nothing
 * twice. One call matches at a time (a transaction's advisory lock), so the day's count is never raced; another finds
 * it held and leaves the work. The cap counts pushes as they are queued, and each story (each outlet's report) can
 * notify, not each group: docs/product.md#alerts-for-words ("Two choices, decided") says why. Returns how many stories
 * it took and pushes it queued.
 */
export async function matchAlertsPage(sql: Sql, now: Date, stories: number): Promise<{ taken: number; queued: number }> {
  return (await sql.begin(async (tx) => {
    const [lock] = await tx<{ held: boolean }[]>`select pg_try_advisory_xact_lock(hashtext('newsroom:alert-matching')) as held`;
    if (!lock?.held) return { taken: 0, queued: 0 };
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
      ), marked as (
        update stories s set alerts_due = false from due where s.id = due.id
      )
      select (select count(*) from due)::integer as taken, (select count(*) from queued)::integer as queued`;
    return { taken: result?.taken ?? 0, queued: result?.queued ?? 0 };
  })) as { taken: number; queued: number };
}

/** How much of the news one page takes: follows of the fan-out, stories of the alerts' matching (work_policy). */
export interface NewsPages {
  readonly fanOutRows: number;
  readonly alertStories: number;
}

/**
 * Queues the pushes for the news a grouping left (ingest_state.news_pending), a page of follows at a time, then for the
 * stories awaiting the alerts' matching, a page of stories at a time, while `working()`; returns how many.
 */
export async function queueNews(sql: Sql, now: () => Date, pages: NewsPages, working: () => boolean): Promise<number> {
  let queued = 0;
  for (;;) {
    const before = await readIngestState(sql);
    if (!before.newsPending || !working()) break;
    const page = await fanOutPage(sql, now(), pages.fanOutRows);
    queued += page.queued;
    if (page.taken < pages.fanOutRows) await clearNews(sql, before.generation);
  }
  while (working()) {
    const page = await matchAlertsPage(sql, now(), pages.alertStories);
    queued += page.queued;
    if (page.taken < pages.alertStories) break;
  }
  return queued;
}

// The consumer: queued pushes claimed, sent and settled.

export interface QueuedPush extends Push {
  readonly id: string;
  /** Tries so far, this one included. */
  readonly attempts: number;
}

/** Takes up to `limit` pushes due at `now`, oldest first, invisible to others for work_policy's claim_lease. */
export async function claimPushes(sql: Db, now: Date, limit: number): Promise<QueuedPush[]> {
  const rows = await sql<{ id: string; endpoint: string; p256dh: string; auth: string; news: PushNews; created_at: Date; attempts: number }[]>`
    with due as (
      select id from push_queue q where push_due(q, ${now}) order by visible_at, id limit ${limit} for update skip locked
    ), claimed as (
      update push_queue q set visible_at = ${now}::timestamptz + (select claim_lease from work_policy), attempts = q.attempts + 1
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
  return (await sql`delete from push_queue q where push_due(q, ${now})`).count;
}

export interface PushReport {
  /** Pushes a push service took. */
  readonly sent: number;
  /** Subscriptions forgotten on a 404 or 410. */
  readonly gone: number;
  /** Pushes put back to be tried again later. */
  readonly retrying: number;
  /** Pushes given up: their day passed, or an answer no retry can mend. */
  readonly dropped: number;
}

export const NO_PUSH: PushReport = { sent: 0, gone: 0, retrying: 0, dropped: 0 };

export function addReports(a: PushReport, b: PushReport): PushReport {
  return { sent: a.sent + b.sent, gone: a.gone + b.gone, retrying: a.retrying + b.retrying, dropped: a.dropped + b.dropped };
}

/** The first retry's wait; each further one doubles it, up to RETRY_MAX_MS (a push service's Retry-After, if longer, wins). */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;

/** When a push that failed for the `attempts`-th time is tried again: the backoff, or the push service's Retry-After if later. */
function retryAt(now: Date, attempts: number, afterMs: number): Date {
  const backoff = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 16));
  return new Date(now.getTime() + Math.max(backoff, afterMs));
}

/**
 * Sends one batch of the pushes due (at most `batch`, all in flight at once) and records how each went; resolves to
 * what it did, or to undefined when none was due.
 */
export async function sendDuePushes(sql: Db, deps: PushDeps & { readonly now: () => Date }, batch: number, vapidCache: VapidCache = new Map()): Promise<PushReport | undefined> {
  const now = deps.now();
  const claimed = await claimPushes(sql, now, batch);
  if (claimed.length === 0) return undefined;
  const outcomes = await sendPushes(claimed, deps, now, vapidCache);
  const done: string[] = [];
  const retries: { id: string; at: Date }[] = [];
  const goneEndpoints: string[] = [];
  let dropped = 0;
  outcomes.forEach((outcome, i) => {
    const push = claimed[i] as QueuedPush;
    if (outcome.kind === 'gone') goneEndpoints.push(push.endpoint);
    else if (outcome.kind === 'retry' && retryAt(now, push.attempts, outcome.afterMs).getTime() < push.createdAt.getTime() + PUSH_TTL_MS) {
      retries.push({ id: push.id, at: retryAt(now, push.attempts, outcome.afterMs) });
    } else {
      done.push(push.id);
      if (outcome.kind !== 'sent') {
        dropped += 1;
        deps.log?.(`push to ${new URL(push.endpoint).host} dropped after ${push.attempts} ${push.attempts === 1 ? 'try' : 'tries'}: ${outcome.kind === 'dropped' ? outcome.why : 'still failing at the end of its day'}`);
      }
    }
  });
  await settlePushes(sql, { done, retries, goneEndpoints });
  return { sent: outcomes.filter((outcome) => outcome.kind === 'sent').length, gone: new Set(goneEndpoints).size, retrying: retries.length, dropped };
}
