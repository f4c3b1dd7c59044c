/**
 * The grouping in the store (docs/product.md#several-sources-one-story): each step places the stories it wrote (their
 * `terms` still null) against the groups of the 48 hours around them, by the one rule (stories/group.ts); a placed
 * story never moves. A full regroup of the last 48 hours (after a change of rule) re-places every story in it.
 * A group is its lead (the earliest report, `member_of` null) and the stories whose `member_of` is the lead's id; the
 * lead carries `related`.
 */
import type postgres from 'postgres';
import { type Frequencies, type GroupReport, MIN_SHARED_TERMS, placeInGroups, type PlacedGroup, type Placement, relatedOf, titleTerms, WINDOW_MS } from '../stories/group.ts';
import type { RelatedLink } from '../story.ts';
import type { Db } from './db.ts';

/** A call places at most this many stories, earliest first; the rest wait for the next call (a full regroup's window). */
export const PLACE_MAX = 500;

interface NewRow {
  id: string;
  title: string;
  published_at: Date;
  source: string;
}

const newReport = (row: NewRow): GroupReport => ({ id: row.id, terms: titleTerms(row.title), time: row.published_at.getTime(), source: row.source });

/**
 * What the store answers a batch, as JSON (one parse, no arrays to decode): how many reports the window holds (the new
 * ones with them), how many of them have each of the new stories' terms, and the groups the new stories may join.
 */
interface Window {
  reports: number;
  counts: Record<string, number>;
  /** Each group: its lead's id, time (ms) and outlet, the squared length of its centroid, its centroid over the new stories' terms. */
  groups: [string, number, string, number, Record<string, number>][];
  /** Each new story (by its place in the batch) with the leads of the groups that one of their members makes the case for. */
  near: [number, string[]][];
}

/**
 * Writes the placement: each new story's terms and group, the groups a new earlier story now leads (their members
 * follow it), and the `related` of each group that grew, from its members earliest first.
 */
async function save(tx: Db, placement: Placement): Promise<void> {
  const { reports, newLeads } = placement;
  if (reports.length === 0) return;
  const rows = reports.map((report) => ({ id: report.id, terms: report.terms, member_of: report.lead === report.id ? null : report.lead }));
  await tx`
    update stories s set terms = array(select jsonb_array_elements_text(x.terms)), member_of = x.member_of
    from jsonb_to_recordset(${tx.json(rows as unknown as postgres.JSONValue)}::jsonb) as x(id text, terms jsonb, member_of text)
    where s.id = x.id`;
  if (newLeads.size > 0) {
    const moves = [...newLeads].map(([from, to]) => ({ from, to }));
    await tx`
      update stories s set member_of = x.to, related = case when s.id = x.from then null else s.related end
      from jsonb_to_recordset(${tx.json(moves)}::jsonb) as x("from" text, "to" text)
      where s.member_of = x.from or s.id = x.from`;
  }
  await refreshRelated(tx, new Set(reports.filter((report) => report.lead !== report.id).map((report) => report.lead)));
}

/** Writes the `related` of these groups' leads again, from their members now, earliest first. */
async function refreshRelated(tx: Db, leads: ReadonlySet<string>): Promise<void> {
  if (leads.size === 0) return;
  const members = await tx<{ id: string; source: string; url: string; lead: string }[]>`
    select id, source, url, coalesce(member_of, id) as lead from stories
    where id = any(${[...leads]}::text[]) or member_of = any(${[...leads]}::text[])
    order by published_at, id`;
  const byLead = new Map<string, { id: string; source: string; url: string }[]>();
  for (const member of members) {
    const group = byLead.get(member.lead);
    if (group) group.push(member);
    else byLead.set(member.lead, [member]);
  }
  const related = [...leads].map((lead) => {
    const group = byLead.get(lead) ?? [];
    const first = group.find((member) => member.id === lead);
    const links: RelatedLink[] = first ? relatedOf(first, group.filter((member) => member !== first)) : [];
    return { id: lead, related: links.length > 0 ? links : null };
  });
  await tx`
    update stories s set related = x.related
    from jsonb_to_recordset(${tx.json(related as unknown as postgres.JSONValue)}::jsonb) as x(id text, related jsonb)
    where s.id = x.id and s.related is distinct from x.related`;
}

/**
 * Places the stories written and not placed yet (at most PLACE_MAX, earliest first) against the groups of the 48 hours
 * around them: their candidates are the placed stories that share a term with them (the terms' index), with the other
 * members of those groups in the window; the terms' frequencies are counted over the window. Answers how many it placed,
 * and whether more wait.
 */
export async function placeNewStories(tx: Db): Promise<{ placed: number; more: boolean }> {
  const waiting = await tx<NewRow[]>`
    select id, title, published_at, source from stories where terms is null order by published_at, id limit ${PLACE_MAX + 1}`;
  const rows = waiting.slice(0, PLACE_MAX);
  if (rows.length === 0) return { placed: 0, more: false };
  const fresh = rows.map(newReport);
  const times = fresh.map((report) => report.time);
  const since = new Date(Math.min(...times) - WINDOW_MS);
  const until = new Date(Math.max(...times) + WINDOW_MS);
  // One statement, so that the function parses one answer and never the members: the groups a new story may join
  // (the rule's own test, in the store: a placed story of another outlet, published within 48 hours of it, sharing 2
  // of its terms; each new term looked up once in the terms' index, within the window), with the sum of their members'
  // vectors (stories/group.ts vectorOf: a term weighs ln((N + 1) / (n + 1)) + 1 when another report has it, and each
  // vector has length 1) and the term counts of the window, the new stories among them.
  const probes = fresh.map((report, k) => ({ k, source: report.source, at: new Date(report.time).toISOString(), terms: report.terms }));
  const [found] = await tx<Window[]>`
    with fresh as (
      select x.k, x.source, x.at, array(select jsonb_array_elements_text(x.terms)) as terms
      from jsonb_to_recordset(${tx.json(probes as unknown as postgres.JSONValue)}::jsonb) as x(k integer, source text, at timestamptz, terms jsonb)
    ),
    words as (select distinct unnest(terms) as term from fresh),
    postings as materialized (
      select w.term, s.id, s.source, s.published_at, coalesce(s.member_of, s.id) as lead
      from words w join stories s on s.terms @> array[w.term] and s.published_at between ${since} and ${until}
    ),
    near as materialized (
      select distinct f.k, p.lead
      from fresh f cross join unnest(f.terms) as t(term)
      join postings p on p.term = t.term and p.source <> f.source
        and p.published_at between f.at - ${`${WINDOW_MS} milliseconds`}::interval and f.at + ${`${WINDOW_MS} milliseconds`}::interval
      group by f.k, p.id, p.lead having count(*) >= ${MIN_SHARED_TERMS}
    ),
    members as materialized (
      select s.id, s.terms, s.id as lead from stories s where s.id in (select lead from near) and s.terms is not null
      union all
      select s.id, s.terms, s.member_of from stories s
      where s.member_of in (select lead from near) and s.published_at between ${since} and ${until} and s.terms is not null
    ),
    window_size as (
      select (select count(*) from stories where published_at between ${since} and ${until} and terms is not null) + (select count(*) from fresh) as n
    ),
    counts as materialized (
      select term, count(*) as n from (
        select t.term from stories s cross join unnest(s.terms) as t(term)
        where s.published_at between ${since} and ${until} and t.term in (select unnest(terms) from members union select term from words)
        union all
        select unnest(terms) from fresh
      ) as counted group by term
    ),
    weights as (
      select m.id, m.lead, t.term, ln((w.n + 1)::float8 / (c.n + 1)) + 1 as weight
      from members m cross join unnest(m.terms) as t(term) join counts c on c.term = t.term and c.n >= 2 cross join window_size w
    ),
    centroids as materialized (
      select lead, term, sum(unit) as sum from (select lead, term, weight / sqrt(sum(weight * weight) over (partition by id)) as unit from weights) as units
      group by lead, term
    )
    select
      (select n::integer from window_size) as reports,
      (select coalesce(json_object_agg(c.term, c.n), '{}') from counts c join words w on w.term = c.term) as counts,
      (select coalesce(json_agg(json_build_array(l.id, (extract(epoch from l.published_at) * 1000)::float8, l.source, g.norm2, g.centroid)), '[]')
        from (
          select c.lead, sum(c.sum * c.sum) as norm2, coalesce(json_object_agg(c.term, c.sum) filter (where w.term is not null), '{}') as centroid
          from centroids c left join words w on w.term = c.term group by c.lead
        ) as g join stories l on l.id = g.lead) as groups,
      (select coalesce(json_agg(json_build_array(k, leads)), '[]') from (select k, array_agg(lead) as leads from near group by k) as n) as near`;
  const groups: PlacedGroup[] = (found?.groups ?? []).map(([id, time, source, norm2, centroid]) => ({
    lead: { id, time, source, terms: [] },
    centroid: new Map(Object.entries(centroid)),
    norm2,
  }));
  const near = new Map((found?.near ?? []).map(([k, leads]) => [fresh[k]?.id ?? '', leads]));
  const window: Frequencies = { reports: found?.reports ?? fresh.length, of: new Map(Object.entries(found?.counts ?? {})) };
  await save(tx, placeInGroups({ groups, near }, fresh, window));
  return { placed: fresh.length, more: waiting.length > PLACE_MAX };
}

/**
 * A full regroup (after a change of rule, `npm run regroup`): every story published in the 48 hours before the newest
 * one leaves its group and waits to be placed again, earliest first, PLACE_MAX a call (placeNewStories). Stories before
 * the window keep their groups.
 */
export async function unplaceWindow(tx: Db): Promise<void> {
  // A group led from before the window loses its members in it: its lead's `related` is written again without them
  // (they may join it again, and then their placement writes it once more).
  const leads = await tx<{ lead: string }[]>`
    with cut as (select max(published_at) - ${`${WINDOW_MS} milliseconds`}::interval as at from stories),
    windowed as (select s.id, s.member_of from stories s, cut where s.published_at >= cut.at),
    unplaced as (
      update stories s set terms = null, member_of = null, related = null from windowed w where s.id = w.id
    )
    select distinct l.id as lead from windowed w join stories l on l.id = w.member_of, cut where l.published_at < cut.at`;
  await refreshRelated(tx, new Set(leads.map((row) => row.lead)));
}
