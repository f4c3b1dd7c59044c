/**
 * The stories table: what the ingest writes and fetch-news reads. The story lists are built in one
 * place (selectStories), as Miniflux builds its entry queries.
 */
import type postgres from 'postgres';
import { storyWords } from '../alerts.ts';
import { MAX_RELATED, MAX_STORIES, type RelatedLink, type Report, type Story, type StoryCoverage } from '../story.ts';
import type { Db } from './db.ts';

/** Stories are kept this long after they were published or first seen, whichever is later, then deleted by the ingest. */
export const RETENTION_MS = 30 * 24 * 60 * 60_000;
/** One page of the newest stories: as many as an answer holds. */
export const PAGE_SIZE = MAX_STORIES;
/** At most this many search results. */
export const SEARCH_LIMIT = 50;
/** Hard bound on what a text field may carry into an answer, whatever the store holds. */
export const TEXT_MAX_CHARS = 2_048;

export interface StoryRow extends Story {
  readonly canonicalUrl: string;
}

/**
 * Stores one source's stories; returns how many were written (new or updated). A known story takes
 * its new title, summary, link, image and category, never a new date: `published_at` and
 * `first_seen_at` are set once, when it is first stored. A story is not stored when another story
 * has its canonical URL (the first stored keeps the article, and takes this one's image if it has
 * none), nor when the retention deleted it (a tombstone, refreshed while a feed still lists it).
 */
export async function upsertStories(tx: Db, now: Date, stories: readonly StoryRow[]): Promise<number> {
  if (stories.length === 0) return 0;
  const rows = tx.json(
    stories.map((story) => ({
      id: story.id,
      title: story.title,
      summary: story.summary,
      source: story.source,
      url: story.url,
      canonical_url: story.canonicalUrl,
      image: story.image ?? null,
      published_at: story.published_at,
      category: story.category,
      words: storyWords(story),
    })) as postgres.JSONValue,
  );
  const batch = tx`jsonb_to_recordset(${rows}::jsonb)
    as x(id text, title text, summary text, source text, url text, canonical_url text, image text, published_at timestamptz, category text, words jsonb)`;
  await tx`update story_tombstones t set seen_at = ${now} from ${batch} where t.id = x.id`;
  const updated = await tx`
    update stories s set title = x.title, summary = x.summary, url = x.url, canonical_url = x.canonical_url,
      image = coalesce(x.image, s.image), category = x.category, words = array(select jsonb_array_elements_text(x.words))
    from ${batch}
    where s.id = x.id and not exists (select 1 from stories o where o.canonical_url = x.canonical_url and o.id <> x.id)`;
  // Any unique key (id, canonical URL) already taken, also by an ingest running at the same time: not stored.
  // A story stored for the first time is due for the alerts' matching (its words kept for it), when any alert is stored.
  const inserted = await tx`
    insert into stories (id, title, summary, source, url, canonical_url, image, published_at, category, first_seen_at, words, alerts_due)
    select x.id, x.title, x.summary, x.source, x.url, x.canonical_url, x.image, x.published_at, x.category, ${now}::timestamptz,
      array(select jsonb_array_elements_text(x.words)), exists (select 1 from push_alerts)
    from ${batch}
    where not exists (select 1 from stories s where s.id = x.id) and not exists (select 1 from story_tombstones t where t.id = x.id)
    order by x.canonical_url
    on conflict do nothing`;
  await tx`
    update stories s set image = x.image from ${batch}
    where s.canonical_url = x.canonical_url and s.id <> x.id and s.image is null and x.image is not null`;
  return updated.count + inserted.count;
}

export interface Grouping {
  readonly id: string;
  readonly related: readonly RelatedLink[] | null;
  readonly memberOf: string | null;
}

/** Stores the grouping of the window's stories (only rows whose grouping changed are written). */
export async function saveGrouping(sql: Db, groupings: readonly Grouping[]): Promise<void> {
  if (groupings.length === 0) return;
  const rows = groupings.map((g) => ({ id: g.id, related: g.related, member_of: g.memberOf }));
  await sql`
    update stories s set related = x.related, member_of = x.member_of
    from jsonb_to_recordset(${sql.json(rows as unknown as postgres.JSONValue)}::jsonb) as x(id text, related jsonb, member_of text)
    where s.id = x.id and (s.related is distinct from x.related or s.member_of is distinct from x.member_of)`;
}

/**
 * Deletes the stories published and first seen more than 30 days before `now`, leaving a tombstone
 * for each, and forgets the tombstones no feed has listed for as long; returns how many stories went.
 */
export async function deleteExpired(tx: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const result = await tx`
    with gone as (delete from stories where greatest(published_at, first_seen_at) < ${cutoff} returning id)
    insert into story_tombstones (id, seen_at) select id, ${now} from gone
    on conflict (id) do update set seen_at = excluded.seen_at`;
  await tx`delete from story_tombstones where seen_at < ${cutoff}`;
  return result.count;
}

// ---- Reading -------------------------------------------------------------------------------

export interface DbStory {
  id: string;
  title: string;
  summary: string;
  source: string;
  url: string;
  image: string | null;
  published_at: Date;
  category: string;
  related: unknown;
}

export const cap = (text: string): string => (text.length > TEXT_MAX_CHARS ? text.slice(0, TEXT_MAX_CHARS) : text);

function relatedLinks(value: unknown): RelatedLink[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const links: RelatedLink[] = [];
  for (const entry of value.slice(0, MAX_RELATED)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { source, url } = entry as Record<string, unknown>;
    if (typeof source === 'string' && typeof url === 'string' && url.length <= TEXT_MAX_CHARS) links.push({ source: cap(source), url });
  }
  return links.length > 0 ? links : undefined;
}

/** A stored story as one report of its group: Story's own fields, under the same bounds. */
function reportFromRow(row: DbStory): Report {
  const report: Report = {
    id: row.id,
    title: cap(row.title),
    summary: cap(row.summary),
    source: cap(row.source),
    url: row.url,
    published_at: row.published_at.toISOString(),
  };
  if (row.image !== null && row.image.length <= TEXT_MAX_CHARS) report.image = row.image;
  return report;
}

export function storyFromRow(row: DbStory): Story {
  const story: Story = { ...reportFromRow(row), category: cap(row.category) };
  const related = relatedLinks(row.related);
  if (related) story.related = related;
  return story;
}

/** A position in the newest-first list: the last story of a page. */
export interface Cursor {
  readonly publishedAt: Date;
  readonly id: string;
}

/** The one builder of story lists: which stories, in which order, how many (URLs over the bound left out). */
async function selectStories(sql: Db, where: postgres.PendingQuery<postgres.Row[]>, order: postgres.PendingQuery<postgres.Row[]>, limit: number): Promise<Story[]> {
  const rows = await sql<DbStory[]>`
    select id, title, summary, source, url, image, published_at, category, related
    from stories
    where length(url) <= ${TEXT_MAX_CHARS} and ${where}
    order by ${order}
    limit ${limit}`;
  return rows.map(storyFromRow);
}

const NEWEST_FIRST = (sql: Db) => sql`published_at desc, id desc`;

/** A page of the newest stories (group representatives), older than `before` if given; `more` when older ones exist. */
export async function newestStories(sql: Db, before?: Cursor): Promise<{ stories: Story[]; more: boolean }> {
  const where = before
    ? sql`member_of is null and (published_at, id) < (${before.publishedAt}::timestamptz, ${before.id})`
    : sql`member_of is null`;
  const stories = await selectStories(sql, where, NEWEST_FIRST(sql), PAGE_SIZE + 1);
  return { stories: stories.slice(0, PAGE_SIZE), more: stories.length > PAGE_SIZE };
}

/** These stories (whatever their age or group), newest first. */
export function storiesById(sql: Db, ids: readonly string[]): Promise<Story[]> {
  return selectStories(sql, sql`id = any(${ids as string[]}::text[])`, NEWEST_FIRST(sql), ids.length);
}

/** Full-text search over the stories kept (the last 30 days): best rank first, newest first among equals. */
export function searchStories(sql: Db, query: string, now: Date): Promise<Story[]> {
  const since = new Date(now.getTime() - RETENTION_MS);
  return selectStories(
    sql,
    sql`member_of is null and greatest(published_at, first_seen_at) >= ${since} and search @@ websearch_to_tsquery('english', ${query})`,
    sql`ts_rank(search, websearch_to_tsquery('english', ${query})) desc, published_at desc, id desc`,
    SEARCH_LIMIT,
  );
}

/**
 * The group of the story `id`: the story that now leads it (the asked one itself when it leads, stands
 * alone, or its leader is gone, as `?follow=` answers it) with its `related`, and its reports, the leader's
 * included, earliest first (the leader first among equal times, then by id), MAX_STORIES of them from `after`
 * (the last report of the page before), `more` when later ones wait; undefined when the store does not have `id`.
 * One query: the asked row and its leader by primary key, the members by `stories_member_of`.
 */
export async function storyCoverage(sql: Db, id: string, after?: Cursor): Promise<(Pick<StoryCoverage, 'story' | 'reports'> & { more: boolean }) | undefined> {
  const rows = await sql<(DbStory & { leads: boolean; listed: boolean })[]>`
    with leader as (
      select coalesce(l.id, a.id) as id
      from stories a left join stories l on l.id = a.member_of
      where a.id = ${id}
    ),
    page as (
      select s.id, s.title, s.summary, s.source, s.url, s.image, s.published_at, s.category, s.related, s.id = leader.id as leads
      from leader join stories s on s.id = leader.id or s.member_of = leader.id
      where length(s.url) <= ${TEXT_MAX_CHARS}
        ${after ? sql`and (s.published_at, s.id <> leader.id, s.id) > (${after.publishedAt}::timestamptz, ${after.id} <> leader.id, ${after.id})` : sql``}
      order by s.published_at, s.id <> leader.id, s.id
      limit ${MAX_STORIES + 1}
    )
    select *, true as listed from page
    union all
    select s.id, s.title, s.summary, s.source, s.url, s.image, s.published_at, s.category, s.related, true as leads, false as listed
    from leader join stories s on s.id = leader.id
    where not exists (select 1 from page where page.leads)`;
  const lead = rows.find((row) => row.leads);
  const listed = rows.filter((row) => row.listed).sort((a, b) => a.published_at.getTime() - b.published_at.getTime() || Number(b.leads) - Number(a.leads) || (a.id < b.id ? -1 : 1));
  return lead && { story: storyFromRow(lead), reports: listed.slice(0, MAX_STORIES).map(reportFromRow), more: listed.length > MAX_STORIES };
}
