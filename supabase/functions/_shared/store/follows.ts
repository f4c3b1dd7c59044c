/**
 * Following (docs/product.md#follow-news): the story that now leads a followed story's group,
 * and the browsers that asked to hear of new reports (push_subscriptions, push_follows). A story's
 * group is found through `member_of`, which the ingest keeps for every grouped report.
 */
import type { FollowedStory } from '../story.ts';
import { RETENTION_MS, storyFromRow, TEXT_MAX_CHARS, type DbStory } from './stories.ts';
import type { Db, Sql } from './db.ts';

/** A subscription the page last sent longer ago than this is forgotten. */
export const SUBSCRIPTION_KEPT_MS = RETENTION_MS;

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

/**
 * Stores a browser's subscription and makes its follows exactly `ids`, refreshing its last-seen time.
 * A story it already followed keeps what the browser knows of it; a new one starts from its group's
 * reports now (following tells of reports to come, not of those already there).
 */
export async function saveSubscription(sql: Sql, now: Date, subscription: StoredSubscription, ids: readonly string[]): Promise<void> {
  await sql.begin(async (tx) => {
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
  });
}

/** Forgets a browser's subscription and follows; true when there was one. */
export async function deleteSubscription(sql: Db, endpoint: string): Promise<boolean> {
  return (await sql`delete from push_subscriptions where endpoint = ${endpoint}`).count > 0;
}

/** Forgets the subscriptions the push service said are gone (404, 410). */
export async function deleteSubscriptions(sql: Db, endpoints: readonly string[]): Promise<number> {
  if (endpoints.length === 0) return 0;
  return (await sql`delete from push_subscriptions where endpoint = any(${endpoints as string[]}::text[])`).count;
}

/** Forgets the subscriptions the page has not sent for 30 days; returns how many. */
export async function forgetIdleSubscriptions(sql: Db, now: Date): Promise<number> {
  return (await sql`delete from push_subscriptions where last_seen_at < ${new Date(now.getTime() - SUBSCRIPTION_KEPT_MS)}`).count;
}

/** One page of subscription endpoints after `after`, in endpoint order: the fan-out's unit of work. */
export async function subscriptionPage(sql: Db, after: string, limit: number): Promise<string[]> {
  const rows = await sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where endpoint > ${after} order by endpoint limit ${limit}`;
  return rows.map((row) => row.endpoint);
}

/** A group that gained reports, for one subscription. */
export interface GroupNews {
  readonly leaderId: string;
  readonly title: string;
  readonly added: number;
}

export interface SubscriptionNews extends StoredSubscription {
  readonly groups: readonly GroupNews[];
}

/**
 * For these subscriptions, records the reports each followed group has now, and returns those whose
 * groups grew since they last heard. Taking the news and recording it are one statement, so two
 * ingests at once never tell a browser the same news twice.
 */
export async function takeNews(sql: Db, endpoints: readonly string[]): Promise<SubscriptionNews[]> {
  if (endpoints.length === 0) return [];
  const rows = await sql<{ endpoint: string; p256dh: string; auth: string; leader_id: string; title: string; added: number }[]>`
    with current as (
      select f.endpoint, f.story_id, f.known_reports, coalesce(l.id, a.id) as leader_id, coalesce(l.title, a.title) as title,
        1 + (select count(*) from stories m where m.member_of = coalesce(l.id, a.id))::integer as reports
      from push_follows f
      join stories a on a.id = f.story_id
      left join stories l on l.id = a.member_of
      where f.endpoint = any(${endpoints as string[]}::text[])
    ), changed as (
      update push_follows f set known_reports = c.reports
      from current c
      where f.endpoint = c.endpoint and f.story_id = c.story_id and f.known_reports <> c.reports
      returning f.endpoint, c.leader_id, c.title, c.reports - c.known_reports as added
    )
    select s.endpoint, s.p256dh, s.auth, changed.leader_id, changed.title, max(changed.added)::integer as added
    from changed join push_subscriptions s on s.endpoint = changed.endpoint
    where changed.added > 0
    group by s.endpoint, s.p256dh, s.auth, changed.leader_id, changed.title
    order by s.endpoint, added desc, changed.leader_id`;
  const news = new Map<string, { endpoint: string; p256dh: string; auth: string; groups: GroupNews[] }>();
  for (const row of rows) {
    let entry = news.get(row.endpoint);
    if (!entry) news.set(row.endpoint, (entry = { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, groups: [] }));
    entry.groups.push({ leaderId: row.leader_id, title: row.title, added: row.added });
  }
  return [...news.values()];
}
