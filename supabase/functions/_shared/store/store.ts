/**
 * The news store (docs/product.md#the-store): every SQL statement the two functions run, with
 * parameters, through the `postgres` driver. The story lists are built in one place
 * (selectStories), as Miniflux builds its entry queries.
 */
import postgres from 'postgres';
import type { Validators } from '../net/fetch-feed.ts';
import type { RelatedLink, SourceStatus, Story } from '../story.ts';
import type { Source } from '../stories/sources.ts';

export type Sql = postgres.Sql;

/** Stories are kept this long after they were published or first seen, whichever is later, then deleted by the ingest. */
export const RETENTION_MS = 30 * 24 * 60 * 60_000;
/** One page of the newest stories. */
export const PAGE_SIZE = 200;
/** At most this many search results. */
export const SEARCH_LIMIT = 50;
/** A claimed source is not claimed again for this long (an ingest answers well within it). */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Hard bounds on what a story may carry into an answer, whatever the store holds. */
const TEXT_MAX_CHARS = 2_048;
const RELATED_MAX = 10;

/**
 * A connection pool. `max` 1 for the embedded store (its socket server multiplexes one
 * database session); prepared statements off, as Supabase's pooler and that one shared
 * session both need.
 */
export function connect(url: string, options: { readonly max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 1,
    prepare: false,
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
  });
}

export interface StoredSource extends Source {
  readonly validators: Validators;
  readonly consecutiveFailures: number;
}

/** Makes the sources table list exactly these sources, in this order (fetch state kept by URL). */
export async function syncSources(sql: Sql, sources: readonly Source[]): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`delete from sources where not (url = any(${sources.map((source) => source.url)}::text[]))`;
    // A name may move to another URL: free the names first, then set them.
    await tx`update sources set name = url`;
    for (const [position, source] of sources.entries()) {
      await tx`
        insert into sources (url, name, category, position) values (${source.url}, ${source.name}, ${source.category}, ${position})
        on conflict (url) do update set name = excluded.name, category = excluded.category, position = excluded.position`;
    }
  });
}

/**
 * Claims the sources due at `now` (all of them when `all`), skipping any row another ingest holds
 * or has claimed within CLAIM_LEASE_MS: two ingests at once never fetch the same source.
 */
export async function claimSources(sql: Sql, now: Date, all: boolean): Promise<StoredSource[]> {
  const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
  let rows: ClaimRow[] = [];
  await sql.begin(async (tx) => {
    const due = await tx<{ url: string }[]>`
      select url from sources
      where (${all} or next_fetch_at <= ${now}) and (claimed_until is null or claimed_until <= ${now})
      order by position
      for update skip locked`;
    if (due.length === 0) return;
    rows = [
      ...(await tx<ClaimRow[]>`
        update sources set claimed_until = ${leaseEnd}, last_attempt_at = ${now}
        where url = any(${due.map((row) => row.url)}::text[])
        returning url, name, category, etag, last_modified, consecutive_failures, position`),
    ];
  });
  return [...rows]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({
      url: row.url,
      name: row.name,
      category: row.category,
      validators: { ...(row.etag === null ? {} : { etag: row.etag }), ...(row.last_modified === null ? {} : { lastModified: row.last_modified }) },
      consecutiveFailures: row.consecutive_failures,
    }));
}

interface ClaimRow {
  url: string;
  name: string;
  category: string;
  etag: string | null;
  last_modified: string | null;
  consecutive_failures: number;
  position: number;
}

export interface SourceOutcome {
  readonly url: string;
  /** A public error code, or undefined for a success (a 304 included). */
  readonly error?: string;
  readonly notModified?: boolean;
  readonly count: number;
  readonly validators?: Validators;
  readonly nextFetchAt: Date;
}

/** Records what one ingest learnt about each source it claimed, and releases them. */
export async function recordOutcomes(sql: Sql, now: Date, outcomes: readonly SourceOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    update sources s set
      claimed_until = null,
      next_fetch_at = o.next_fetch_at,
      last_error = o.error,
      last_success_at = case when o.error is null then ${now}::timestamptz else s.last_success_at end,
      consecutive_failures = case when o.error is null then 0 else s.consecutive_failures + 1 end,
      last_count = case when o.error is not null then 0 when o.not_modified then s.last_count else o.count end,
      etag = case when o.error is null then o.etag else s.etag end,
      last_modified = case when o.error is null then o.last_modified else s.last_modified end
    from jsonb_to_recordset(${sql.json(
      outcomes.map((outcome) => ({
        url: outcome.url,
        error: outcome.error ?? null,
        not_modified: outcome.notModified === true,
        count: outcome.count,
        etag: outcome.validators?.etag ?? null,
        last_modified: outcome.validators?.lastModified ?? null,
        next_fetch_at: outcome.nextFetchAt.toISOString(),
      })) as postgres.JSONValue,
    )}::jsonb) as o(url text, error text, not_modified boolean, count integer, etag text, last_modified text, next_fetch_at timestamptz)
    where s.url = o.url`;
}

export interface StoryRow extends Story {
  readonly canonicalUrl: string;
}

/**
 * Inserts new stories and updates known ones (first_seen_at kept). A story whose canonical URL
 * another story already has is skipped: the first source to report an article keeps it.
 */
export async function upsertStories(sql: Sql, now: Date, stories: readonly StoryRow[]): Promise<void> {
  if (stories.length === 0) return;
  const rows = stories.map((story) => ({
    id: story.id,
    title: story.title,
    summary: story.summary,
    source: story.source,
    url: story.url,
    canonical_url: story.canonicalUrl,
    image: story.image ?? null,
    published_at: story.published_at,
    category: story.category,
  }));
  await sql`
    insert into stories (id, title, summary, source, url, canonical_url, image, published_at, category, first_seen_at)
    select x.id, x.title, x.summary, x.source, x.url, x.canonical_url, x.image, x.published_at, x.category, ${now}::timestamptz
    from jsonb_to_recordset(${sql.json(rows as postgres.JSONValue)}::jsonb)
      as x(id text, title text, summary text, source text, url text, canonical_url text, image text, published_at timestamptz, category text)
    where not exists (select 1 from stories s where s.canonical_url = x.canonical_url and s.id <> x.id)
    on conflict (id) do update set
      title = excluded.title, summary = excluded.summary, url = excluded.url, canonical_url = excluded.canonical_url,
      image = coalesce(excluded.image, stories.image), published_at = excluded.published_at, category = excluded.category`;
}

/** The grouping window: the newest `limit` stories by publication date. */
export async function newestForGrouping(sql: Sql, limit: number): Promise<Story[]> {
  const rows = await sql<DbStory[]>`
    select id, title, summary, source, url, image, published_at, category, null::jsonb as related
    from stories order by published_at desc, id desc limit ${limit}`;
  return rows.map(toStory);
}

export interface Grouping {
  readonly id: string;
  readonly related: readonly RelatedLink[] | null;
  readonly memberOf: string | null;
}

/** Stores the grouping of the window's stories (only rows whose grouping changed are written). */
export async function saveGrouping(sql: Sql, groupings: readonly Grouping[]): Promise<void> {
  if (groupings.length === 0) return;
  const rows = groupings.map((g) => ({ id: g.id, related: g.related, member_of: g.memberOf }));
  await sql`
    update stories s set related = x.related, member_of = x.member_of
    from jsonb_to_recordset(${sql.json(rows as unknown as postgres.JSONValue)}::jsonb) as x(id text, related jsonb, member_of text)
    where s.id = x.id and (s.related is distinct from x.related or s.member_of is distinct from x.member_of)`;
}

/** Deletes the stories published and first seen more than 30 days before `now`; returns how many. */
export async function deleteExpired(sql: Sql, now: Date): Promise<number> {
  const result = await sql`delete from stories where greatest(published_at, first_seen_at) < ${new Date(now.getTime() - RETENTION_MS)}`;
  return result.count;
}

// ---- Reading -------------------------------------------------------------------------------

interface DbStory {
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

const cap = (text: string): string => (text.length > TEXT_MAX_CHARS ? text.slice(0, TEXT_MAX_CHARS) : text);

function relatedLinks(value: unknown): RelatedLink[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const links: RelatedLink[] = [];
  for (const entry of value.slice(0, RELATED_MAX)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { source, url } = entry as Record<string, unknown>;
    if (typeof source === 'string' && typeof url === 'string' && url.length <= TEXT_MAX_CHARS) links.push({ source: cap(source), url });
  }
  return links.length > 0 ? links : undefined;
}

function toStory(row: DbStory): Story {
  const story: Story = {
    id: row.id,
    title: cap(row.title),
    summary: cap(row.summary),
    source: cap(row.source),
    url: row.url,
    published_at: row.published_at.toISOString(),
    category: cap(row.category),
  };
  if (row.image !== null && row.image.length <= TEXT_MAX_CHARS) story.image = row.image;
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
async function selectStories(sql: Sql, where: postgres.PendingQuery<postgres.Row[]>, order: postgres.PendingQuery<postgres.Row[]>, limit: number): Promise<Story[]> {
  const rows = await sql<DbStory[]>`
    select id, title, summary, source, url, image, published_at, category, related
    from stories
    where length(url) <= ${TEXT_MAX_CHARS} and ${where}
    order by ${order}
    limit ${limit}`;
  return rows.map(toStory);
}

const NEWEST_FIRST = (sql: Sql) => sql`published_at desc, id desc`;

/** A page of the newest stories (group representatives), older than `before` if given; `more` when older ones exist. */
export async function newestStories(sql: Sql, before?: Cursor): Promise<{ stories: Story[]; more: boolean }> {
  const where = before
    ? sql`member_of is null and (published_at, id) < (${before.publishedAt}::timestamptz, ${before.id})`
    : sql`member_of is null`;
  const stories = await selectStories(sql, where, NEWEST_FIRST(sql), PAGE_SIZE + 1);
  return { stories: stories.slice(0, PAGE_SIZE), more: stories.length > PAGE_SIZE };
}

/** These stories (whatever their age or group), newest first. */
export function storiesById(sql: Sql, ids: readonly string[]): Promise<Story[]> {
  return selectStories(sql, sql`id = any(${ids as string[]}::text[])`, NEWEST_FIRST(sql), ids.length);
}

/** Full-text search over the stories kept (the last 30 days): best rank first, newest first among equals. */
export function searchStories(sql: Sql, query: string, now: Date): Promise<Story[]> {
  const since = new Date(now.getTime() - RETENTION_MS);
  return selectStories(
    sql,
    sql`member_of is null and greatest(published_at, first_seen_at) >= ${since} and search @@ websearch_to_tsquery('english', ${query})`,
    sql`ts_rank(search, websearch_to_tsquery('english', ${query})) desc, published_at desc, id desc`,
    SEARCH_LIMIT,
  );
}

export interface StoreStatus {
  readonly sources: SourceStatus[];
  /** When the newest ingest started, if there has been one. */
  readonly lastIngestAt: Date | undefined;
}

/** Each source's status from its last fetch, in file order, and the time of the newest ingest. */
export async function storeStatus(sql: Sql): Promise<StoreStatus> {
  const rows = await sql<{ name: string; last_error: string | null; last_count: number; last_attempt_at: Date | null }[]>`
    select name, last_error, last_count, last_attempt_at from sources order by position, url`;
  let lastIngestAt: Date | undefined;
  const sources = rows.map((row): SourceStatus => {
    if (row.last_attempt_at && (!lastIngestAt || row.last_attempt_at > lastIngestAt)) lastIngestAt = row.last_attempt_at;
    if (row.last_attempt_at === null) return { name: cap(row.name), ok: false, count: 0, error: 'pending' };
    return row.last_error === null
      ? { name: cap(row.name), ok: true, count: row.last_count }
      : { name: cap(row.name), ok: false, count: 0, error: cap(row.last_error) };
  });
  return { sources, lastIngestAt };
}
