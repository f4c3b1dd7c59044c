/**
 * Following (docs/product.md#follow-news): the story that now leads a followed story's group,
 * and the browsers that asked to hear of new reports or of their alerts' words (push_subscriptions,
 * push_follows, push_alerts). A story's group is found through `member_of`, which the ingest keeps
 * for every grouped report.
 */
import { alertKey, alertTerms } from '../alerts.ts';
import type { FollowedStory } from '../story.ts';
import { RETENTION_MS, storyFromRow, TEXT_MAX_CHARS, type DbStory } from './stories.ts';
import type { Db, Sql } from './db.ts';
import { countInWindow } from './windows.ts';

/** A subscription the page last sent longer ago than this is forgotten. */
export const SUBSCRIPTION_KEPT_MS = RETENTION_MS;
/** A browser refused because the store is full is told to try again after this long. */
const STORE_FULL_RETRY_MS = 60 * 60_000;

export interface StoredSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/**
 * For each asked id the store has, the report that now leads its group (the asked story itself when
 * it leads, stands alone, or its leader is gone), once per leader, with the asked ids it answers for
 * and the group's number of reports; newest first.
 */
export async function followedStories(sql: Db, ids: readonly string[]): Promise<FollowedStory[]> {
  const rows = await sql<(DbStory & { follows: string[]; reports: string })[]>`
    with asked as (
      select a.id as asked_id, coalesce(l.id, a.id) as leader_id
      from stories a left join stories l on l.id = a.member_of
      where a.id = any(${ids as string[]}::text[])
    )
    select s.id, s.title, s.summary, s.source, s.url, s.image, s.published_at, s.category, s.related,
      array_agg(asked.asked_id order by asked.asked_id) as follows,
      (1 + (select count(*) from stories m where m.member_of = s.id))::text as reports
    from asked join stories s on s.id = asked.leader_id
    where length(s.url) <= ${TEXT_MAX_CHARS}
    group by s.id
    order by s.published_at desc, s.id desc`;
  return rows.map((row) => ({ ...storyFromRow(row), follows: row.follows, reports: Number(row.reports) }));
}

/** The number of reports of each asked id's group now (ids the store lacks are absent). */
const groupSizes = (tx: Db, ids: readonly string[]) => tx`
  select a.id as story_id, 1 + (select count(*) from stories m where m.member_of = coalesce(l.id, a.id))::integer as reports
  from stories a left join stories l on l.id = a.member_of
  where a.id = any(${ids as string[]}::text[])`;

/** What follow-news allows a new subscription: the store's room, and the client address's subscriptions of the day. */
export interface SubscriptionLimits {
  /** The client address's keyed hash (store/windows.ts). */
  readonly addressHash: string;
  /** No new subscription once the store holds this many. */
  readonly maxSubscriptions: number;
  /** New subscriptions one address may add in a window of `windowMs`. */
  readonly perWindow: number;
  readonly windowMs: number;
}

export type SaveOutcome = { readonly saved: true } | { readonly saved: false; readonly reason: 'store_full' | 'address_limit'; readonly retryAt: Date };

/** What a browser asks to hear of: the followed ids, and its alerts' words (each already an alert's: alertWords). */
export interface Targets {
  readonly ids: readonly string[];
  readonly alerts: readonly string[];
}

/**
 * Stores a browser's subscription and makes its follows exactly `ids` and its alerts exactly `alerts`,
 * refreshing its last-seen time. A story it already followed keeps what the browser knows of it; a new
 * one starts from its group's reports now (following tells of reports to come, not of those already
 * there). An alert it already had keeps its time (stories stored since still notify); a new one starts
 * now. A new subscription is refused when the store is full or the address has added its share for the
 * day: nothing is stored then.
 */
export async function saveSubscription(sql: Sql, now: Date, subscription: StoredSubscription, { ids, alerts }: Targets, limits: SubscriptionLimits): Promise<SaveOutcome> {
  const keys = alerts.map(alertKey);
  return (await sql.begin(async (tx) => {
    const [known] = await tx`select 1 from push_subscriptions where endpoint = ${subscription.endpoint} for update`;
    if (!known) {
      const [held] = await tx<{ n: number }[]>`select count(*)::integer as n from push_subscriptions`;
      if ((held?.n ?? 0) >= limits.maxSubscriptions) return { saved: false, reason: 'store_full', retryAt: new Date(now.getTime() + STORE_FULL_RETRY_MS) };
      const added = await countInWindow(tx, limits.addressHash, 'subscriptions', now, limits.windowMs);
      if (added.count > limits.perWindow) return { saved: false, reason: 'address_limit', retryAt: added.windowEndsAt };
    }
    await tx`
      insert into push_subscriptions (endpoint, p256dh, auth, last_seen_at)
      values (${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${now})
      on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, last_seen_at = excluded.last_seen_at`;
    await tx`delete from push_follows where endpoint = ${subscription.endpoint} and not (story_id = any(${ids as string[]}::text[]))`;
    await tx`
      insert into push_follows (endpoint, story_id, known_reports)
      select ${subscription.endpoint}, x.id, coalesce(g.reports, 1)
      from unnest(${ids as string[]}::text[]) as x(id) left join (${groupSizes(tx, ids)}) g on g.story_id = x.id
      on conflict (endpoint, story_id) do nothing`;
    await tx`delete from push_alerts where endpoint = ${subscription.endpoint} and not (key = any(${keys}::text[]))`;
    if (alerts.length > 0) {
      const rows = alerts.map((words, index) => ({ key: keys[index], words, terms: alertTerms(words) }));
      await tx`
        insert into push_alerts (endpoint, key, words, terms, created_at)
        select ${subscription.endpoint}, x.key, x.words, array(select jsonb_array_elements_text(x.terms)), ${now}
        from jsonb_to_recordset(${tx.json(rows)}::jsonb) as x(key text, words text, terms jsonb)
        on conflict (endpoint, key) do update set words = excluded.words`;
    }
    return { saved: true };
  })) as SaveOutcome;
}

/** Forgets a browser's subscription, follows and alerts; true when there was one. */
export async function deleteSubscription(sql: Db, endpoint: string): Promise<boolean> {
  return (await sql`delete from push_subscriptions where endpoint = ${endpoint}`).count > 0;
}

/** Forgets the subscriptions the page has not sent for 30 days; returns how many. */
export async function forgetIdleSubscriptions(sql: Db, now: Date): Promise<number> {
  return (await sql`delete from push_subscriptions where last_seen_at < ${new Date(now.getTime() - SUBSCRIPTION_KEPT_MS)}`).count;
}
