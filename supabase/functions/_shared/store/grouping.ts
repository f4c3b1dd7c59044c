/**
 * The grouping in the store (docs/product.md#several-sources-one-story): each step places the stories it wrote (their
 * `terms` still null) against the groups of the 48 hours around them, by the one rule (stories/group.ts); a placed
 * story never moves. A full regroup of the last 48 hours (after a change of rule) re-places every story in it.
 * A group is its lead (the earliest report, `member_of` null) and the stories whose `member_of` is the lead's id; the
 * lead carries `related`.
 */
import type postgres from 'postgres';
import { type Frequencies, type GroupReport, MIN_SHARED_TERMS, placeReports, type PlacedReport, type Placement, relatedOf, titleTerms, WINDOW_MS } from '../stories/group.ts';
import type { RelatedLink } from '../story.ts';
import type { Db } from './db.ts';

/** A call places at most this many stories, earliest first; the rest wait for the next call (a full regroup's window). */
export const PLACE_MAX = 500;

interface TermsRow {
  id: string;
  terms: string[];
  published_at: Date;
  source: string;
  lead: string;
}

const reportOf = (row: TermsRow): PlacedReport => ({ id: row.id, terms: row.terms, time: row.published_at.getTime(), source: row.source, lead: row.lead });

interface NewRow {
  id: string;
  title: string;
  published_at: Date;
  source: string;
}

const newReport = (row: NewRow): GroupReport => ({ id: row.id, terms: titleTerms(row.title), time: row.published_at.getTime(), source: row.source });

/** How many of the placed stories published between `since` and `until` have each of `terms`, and how many there are. */
async function frequencies(tx: Db, since: Date, until: Date, terms: readonly string[]): Promise<{ reports: number; of: Map<string, number> }> {
  const [counted] = await tx<{ reports: number }[]>`
    select count(*)::integer as reports from stories where published_at between ${since} and ${until} and terms is not null`;
  const rows = await tx<{ term: string; count: number }[]>`
    select term, count(*)::integer as count
    from stories, unnest(terms) as term
    where published_at between ${since} and ${until} and terms && ${terms as string[]}::text[] and term = any(${terms as string[]}::text[])
    group by term`;
  return { reports: counted?.reports ?? 0, of: new Map(rows.map((row) => [row.term, row.count])) };
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
  const leads = new Set(reports.filter((report) => report.lead !== report.id).map((report) => report.lead));
  if (leads.size === 0) return;
  const members = await tx<{ id: string; source: string; url: string; lead: string }[]>`
    select id, source, url, coalesce(member_of, id) as lead from stories
    where id = any(${[...leads]}::text[]) or member_of = any(${[...leads]}::text[])
    order by published_at, id`;
  const byLead = new Map<string, { id: string; source: string; url: string }[]>();
  for (const member of members) byLead.set(member.lead, [...(byLead.get(member.lead) ?? []), member]);
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
  const freshTerms = [...new Set(fresh.flatMap((report) => report.terms))];
  // The groups a new story may join (the rule's own test, in the store): those with a placed story of another outlet,
  // published within 48 hours of it, that shares 2 of its terms, found through the terms' index; with their members
  // in the window (the lead always).
  const probes = fresh.map((report) => ({ source: report.source, at: new Date(report.time).toISOString(), terms: report.terms }));
  const placed = (
    await tx<TermsRow[]>`
      with fresh as (
        select x.source, x.at, array(select jsonb_array_elements_text(x.terms)) as terms
        from jsonb_to_recordset(${tx.json(probes as unknown as postgres.JSONValue)}::jsonb) as x(source text, at timestamptz, terms jsonb)
      ),
      candidates as (
        select distinct coalesce(s.member_of, s.id) as lead
        from fresh f join stories s on s.terms && f.terms and s.source <> f.source
          and s.published_at between f.at - ${`${WINDOW_MS} milliseconds`}::interval and f.at + ${`${WINDOW_MS} milliseconds`}::interval
        where cardinality(array(select unnest(s.terms) intersect select unnest(f.terms))) >= ${MIN_SHARED_TERMS}
      )
      select s.id, s.terms, s.published_at, s.source, coalesce(s.member_of, s.id) as lead
      from candidates c join stories s on s.id = c.lead or (s.member_of = c.lead and s.published_at between ${since} and ${until})
      where s.terms is not null`
  ).map(reportOf);
  const counted = await frequencies(tx, since, until, [...new Set([...freshTerms, ...placed.flatMap((report) => report.terms)])]);
  // The new stories count in the window too.
  for (const report of fresh) for (const term of new Set(report.terms)) counted.of.set(term, (counted.of.get(term) ?? 0) + 1);
  const window: Frequencies = { reports: counted.reports + fresh.length, of: counted.of };
  await save(tx, placeReports(placed, fresh, window));
  return { placed: fresh.length, more: waiting.length > PLACE_MAX };
}

/**
 * A full regroup (after a change of rule, `npm run regroup`): every story published in the 48 hours before the newest
 * one leaves its group and waits to be placed again, earliest first, PLACE_MAX a call (placeNewStories). Stories before
 * the window keep their groups.
 */
export async function unplaceWindow(tx: Db): Promise<void> {
  await tx`
    update stories set terms = null, member_of = null, related = null
    where published_at >= (select max(published_at) from stories) - ${`${WINDOW_MS} milliseconds`}::interval`;
}
