/**
 * Several sources, one story (docs/product.md#several-sources-one-story; measured in docs/grouping.md):
 * reports of one event, by any outlets, become one group led by its earliest report.
 *
 * A title becomes its terms (titleTerms): accents stripped, lowercased, stop words dropped, each word
 * stemmed (Porter), and each two adjacent words also joined into one term ("chip makers" and
 * "chipmakers" share "chipmak"). A term weighs its inverse document frequency over the window's
 * reports (terms no other report has weigh nothing); a report is the unit vector of its terms.
 *
 * Single pass, in time order: each new report joins the group whose centroid (the sum of its members'
 * vectors) is nearest, when the cosine is at least JOIN_SIMILARITY and a member from another outlet,
 * published within 48 hours of it, shares at least MIN_SHARED_TERMS terms with it; otherwise it starts a
 * group of its own. A report once placed never changes group, and groups never merge; a report earlier
 * than its group's lead (listed late by its feed) becomes the lead.
 */
import { stemmer } from 'stemmer';
import { MAX_RELATED, type RelatedLink, type Story } from '../story.ts';

/** The cosine between a report and a group's centroid at and above which the report joins the group. */
export const JOIN_SIMILARITY = 0.25;
/** A report joins only a group with another outlet's member that shares at least this many of its terms. */
export const MIN_SHARED_TERMS = 2;
/** Reports further apart than this are never compared. */
export const WINDOW_MS = 48 * 60 * 60 * 1000;

/** Two similarities this close are equal: sums of the same weights in another order differ in their last bits. */
const TIE = 1e-9;

/** The rule's two thresholds (the bench draws its curve by moving the first). */
export interface GroupingRule {
  readonly joinSimilarity: number;
  readonly minSharedTerms: number;
}

export const RULE: GroupingRule = { joinSimilarity: JOIN_SIMILARITY, minSharedTerms: MIN_SHARED_TERMS };

// English function words; a title's remaining words say what it is about.
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him himself ' +
    'his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them themselves then there these they this ' +
    'those through to too under until up very was we were what when where which while who whom why will with would you your ' +
    'yours yourself yourselves says said'
  ).split(' '),
);

const MARKS = /\p{M}/gu;
const APOSTROPHES = /['\u2018\u2019\u02bc`]/g;
/** Initials written with dots ("U.S.", "U.N."): one word. */
const INITIALS = /(?<!\p{L})(?:\p{L}\.){2,}/gu;
const SEPARATORS = /[^\p{L}\p{N}']+/u;
const CAPITALS = /^\p{Lu}+$/u;

/**
 * A title's terms, distinct, in order of first appearance: its significant words stemmed, then each
 * two adjacent significant words joined and stemmed. An all-capital word of two letters or more in a
 * title that is not all capitals is an acronym and kept even when it spells a stop word ("US", "IT").
 */
export function titleTerms(title: string): string[] {
  const text = title.normalize('NFKD').replace(MARKS, '').replace(APOSTROPHES, "'").replace(INITIALS, (initials) => initials.replaceAll('.', ''));
  const tokens = text.split(SEPARATORS).filter((token) => token !== '');
  const shouting = CAPITALS.test(tokens.join('').replaceAll("'", '').replace(/\P{L}/gu, ''));
  // Each significant word with its place in the title, so that only neighbours are joined.
  const words: { word: string; at: number }[] = [];
  tokens.forEach((token, at) => {
    const word = token.replace(/'s$/i, '').replaceAll("'", '');
    if (word === '') return;
    const lower = word.toLowerCase();
    const acronym = !shouting && word.length >= 2 && CAPITALS.test(word);
    if (STOP_WORDS.has(lower) && !acronym) return;
    words.push({ word: lower, at });
  });
  const terms = new Set(words.map(({ word }) => stemmer(word)));
  for (let i = 1; i < words.length; i += 1) {
    const [before, after] = [words[i - 1]!, words[i]!];
    if (after.at === before.at + 1) terms.add(stemmer(before.word + after.word));
  }
  return [...terms];
}

/** A report as the grouping sees it: its id, its title's terms, its time (ms since 1970) and its outlet. */
export interface GroupReport {
  readonly id: string;
  readonly terms: readonly string[];
  readonly time: number;
  /** null: not known, so no other report counts as the same outlet's. */
  readonly source: string | null;
}

/** A report in a group: `lead` is the id of the group's earliest report (its own id when it leads). */
export interface PlacedReport extends GroupReport {
  readonly lead: string;
}

/** How many of the window's reports have each term, and how many reports the window holds. */
export interface Frequencies {
  readonly reports: number;
  readonly of: ReadonlyMap<string, number>;
}

/** Counts the terms of these reports (the window's). */
export function frequenciesOf(reports: readonly Pick<GroupReport, 'terms'>[]): Frequencies {
  const of = new Map<string, number>();
  for (const report of reports) for (const term of new Set(report.terms)) of.set(term, (of.get(term) ?? 0) + 1);
  return { reports: reports.length, of };
}

/** Earliest first, ties by id: the order reports are placed in, whatever the order they came in. */
export function canonicalOrder(a: GroupReport, b: GroupReport): number {
  return a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

interface Group {
  /** The lead's id, and its report (the earliest report given, when the lead itself is not); a new earlier report takes over. */
  id: string;
  lead: GroupReport;
  /** The lead it had among the placed reports, if it was there before. */
  readonly was: string | undefined;
  /** Sum of the members' vectors, and its squared length. */
  readonly centroid: Map<string, number>;
  norm2: number;
}

/** The reports of the window that have a term, by their place in the pass, with the term's weight in each. */
interface Posting {
  readonly entries: number[];
  readonly weights: number[];
}

/** A report's unit vector: each term shared with another report of the window weighs its smoothed IDF. */
function vectorOf(terms: readonly string[], frequencies: Frequencies): Map<string, number> {
  const vector = new Map<string, number>();
  let norm2 = 0;
  for (const term of terms) {
    const count = frequencies.of.get(term) ?? 0;
    // A term no other report has cannot match: leaving it out keeps a title's rare words from diluting its shared ones.
    if (count < 2 || vector.has(term)) continue;
    const weight = Math.log((frequencies.reports + 1) / (count + 1)) + 1;
    vector.set(term, weight);
    norm2 += weight * weight;
  }
  const norm = Math.sqrt(norm2);
  for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

/** Where a batch of new reports went. */
export interface Placement {
  /** The new reports, each with its group's lead. */
  readonly reports: PlacedReport[];
  /** Placed groups that a new, earlier report now leads: old lead's id → new lead's id. */
  readonly newLeads: ReadonlyMap<string, string>;
}

/**
 * A placed group as a pass meets it: its lead, the sum of its members' vectors (at least over the terms the new
 * reports have: no other term is ever multiplied) and the squared length of that whole sum.
 */
export interface PlacedGroup {
  readonly lead: GroupReport;
  readonly centroid: ReadonlyMap<string, number>;
  readonly norm2: number;
}

/**
 * The placed groups a batch of new reports may join, and for each new report's id the leads of the groups with a
 * member that makes the case for it: another outlet's, published within 48 hours of it, sharing `minSharedTerms` terms.
 * The store builds them with its own queries (store/grouping.ts); placedGroupsOf builds them from the members.
 */
export interface PlacedGroups {
  readonly groups: readonly PlacedGroup[];
  readonly near: ReadonlyMap<string, readonly string[]>;
}

/** The placed groups of these members (each already in a group), as placeInGroups meets them. */
export function placedGroupsOf(placed: readonly PlacedReport[], fresh: readonly GroupReport[], frequencies: Frequencies, rule: GroupingRule = RULE): PlacedGroups {
  const leads = new Map(placed.filter((report) => report.lead === report.id).map((report) => [report.id, report]));
  const groups = new Map<string, { lead: GroupReport; centroid: Map<string, number>; norm2: number }>();
  for (const report of [...placed].sort(canonicalOrder)) {
    const group = groups.get(report.lead) ?? { lead: leads.get(report.lead) ?? report, centroid: new Map<string, number>(), norm2: 0 };
    groups.set(report.lead, group);
    for (const [term, weight] of vectorOf(report.terms, frequencies)) group.centroid.set(term, (group.centroid.get(term) ?? 0) + weight);
  }
  for (const group of groups.values()) for (const sum of group.centroid.values()) group.norm2 += sum * sum;
  const near = new Map<string, string[]>();
  for (const report of fresh) {
    const terms = new Set(vectorOf(report.terms, frequencies).keys());
    const makesTheCase = (other: PlacedReport) =>
      (report.source === null || other.source !== report.source) &&
      Math.abs(other.time - report.time) <= WINDOW_MS &&
      [...vectorOf(other.terms, frequencies).keys()].filter((term) => terms.has(term)).length >= rule.minSharedTerms;
    near.set(report.id, [...new Set(placed.filter(makesTheCase).map((other) => other.lead))]);
  }
  return { groups: [...groups.values()], near };
}

/**
 * Places `fresh` reports among `placed` ones (each already in a group), in canonical order: each joins the
 * best group (see the module's comment) or leads a group of its own. The placed reports never change group;
 * a new report earlier than the lead of the group it joins (canonicalOrder) becomes its lead, so that a
 * group's lead is always its earliest report. `frequencies` counts the window's terms (placed and fresh together).
 */
export function placeReports(placed: readonly PlacedReport[], fresh: readonly GroupReport[], frequencies: Frequencies, rule: GroupingRule = RULE): Placement {
  return placeInGroups(placedGroupsOf(placed, fresh, frequencies, rule), fresh, frequencies, rule);
}

/** placeReports, with the placed groups given as the pass meets them (placedGroupsOf, or the store's). */
export function placeInGroups(placed: PlacedGroups, fresh: readonly GroupReport[], frequencies: Frequencies, rule: GroupingRule = RULE): Placement {
  const total = placed.groups.reduce((sum, group) => sum + group.centroid.size, 0) + fresh.length;
  // Each entry of the pass (a placed group's sum for one term, or a new report) by its place in it: its time (NaN
  // for a placed group's sum: the store said which groups make the case) and its group's number; per group, its
  // lead and centroid.
  const times = new Float64Array(total);
  const sources: (string | null)[] = [];
  const groupOf = new Int32Array(total);
  const groups: Group[] = [];
  const byTerm = new Map<string, Posting>();
  let entries = 0;
  const post = (term: string, weight: number, group: number): void => {
    const posting = byTerm.get(term);
    if (posting) {
      posting.entries.push(entries);
      posting.weights.push(weight);
    } else byTerm.set(term, { entries: [entries], weights: [weight] });
    groupOf[entries] = group;
  };
  const add = (report: GroupReport, vector: ReadonlyMap<string, number>, group: number): void => {
    const { centroid } = groups[group] as Group;
    let dot = 0;
    for (const [term, weight] of vector) {
      post(term, weight, group);
      const sum = centroid.get(term) ?? 0;
      dot += weight * sum;
      centroid.set(term, sum + weight);
    }
    // |c + v|^2 = |c|^2 + 2 c.v + |v|^2, and v is a unit vector (or empty).
    (groups[group] as Group).norm2 += 2 * dot + (vector.size > 0 ? 1 : 0);
    times[entries] = report.time;
    sources[entries] = report.source;
    entries += 1;
  };

  const numbers = new Map<string, number>();
  for (const { lead, centroid, norm2 } of placed.groups) {
    const group = groups.push({ id: lead.id, lead, was: lead.id, centroid: new Map(centroid), norm2 }) - 1;
    numbers.set(lead.id, group);
    for (const [term, sum] of centroid) {
      post(term, sum, group);
      times[entries] = Number.NaN;
      sources[entries] = null;
      entries += 1;
    }
  }

  const placedIn: [GroupReport, number][] = [];
  const shared = new Uint16Array(total);
  let dots = new Float64Array(groups.length + fresh.length);
  for (const report of [...fresh].sort(canonicalOrder)) {
    const vector = vectorOf(report.terms, frequencies);
    const met: number[] = [];
    const near = new Set<number>();
    for (const lead of placed.near.get(report.id) ?? []) {
      const group = numbers.get(lead);
      if (group !== undefined) near.add(group);
    }
    for (const [term, weight] of vector) {
      const posting = byTerm.get(term);
      if (!posting) continue;
      for (let k = 0; k < posting.entries.length; k += 1) {
        const other = posting.entries[k] as number;
        const group = groupOf[other] as number;
        if (shared[other] === 0) met.push(other);
        shared[other] = (shared[other] as number) + 1;
        dots[group] = (dots[group] as number) + weight * (posting.weights[k] as number);
        // An outlet's own earlier reports never make the case: its recurring titles (a daily column) are not one event.
        const otherOutlet = report.source === null || sources[other] !== report.source;
        if (shared[other] === rule.minSharedTerms && otherOutlet && Math.abs((times[other] as number) - report.time) <= WINDOW_MS) near.add(group);
      }
    }
    let best = -1;
    let bestScore = 0;
    for (const group of near) {
      const { lead, norm2 } = groups[group] as Group;
      const score = (dots[group] as number) / Math.sqrt(norm2);
      if (score < rule.joinSimilarity) continue;
      // Scores equal but for rounding: the earlier lead, so the outcome never depends on the order groups were met in.
      const better = best === -1 || score > bestScore + TIE || (score >= bestScore - TIE && canonicalOrder(lead, (groups[best] as Group).lead) < 0);
      if (better) {
        best = group;
        bestScore = score;
      }
    }
    for (const other of met) {
      shared[other] = 0;
      dots[groupOf[other] as number] = 0;
    }
    if (best === -1) {
      best = groups.push({ id: report.id, lead: report, was: undefined, centroid: new Map(), norm2: 0 }) - 1;
      if (groups.length > dots.length) dots = new Float64Array(groups.length * 2);
    }
    const joined = groups[best] as Group;
    // A report earlier than the group's lead (a feed that listed it late) leads the group from now on.
    if (canonicalOrder(report, joined.lead) < 0) {
      joined.id = report.id;
      joined.lead = report;
    }
    add(report, vector, best);
    placedIn.push([report, best]);
  }
  const newLeads = new Map<string, string>();
  for (const { id, was } of groups) if (was !== undefined && was !== id) newLeads.set(was, id);
  return { reports: placedIn.map(([report, group]) => ({ ...report, lead: (groups[group] as Group).id })), newLeads };
}

/** The groups of these reports, placed as one batch with nothing before them: ids, earliest first, groups by lead. */
export function groupReports(reports: readonly GroupReport[], rule: GroupingRule = RULE): string[][] {
  const groups = new Map<string, string[]>();
  for (const { id, lead } of placeReports([], reports, frequenciesOf(reports), rule).reports) {
    const members = groups.get(lead);
    if (members) members.push(id);
    else groups.set(lead, [id]);
  }
  return [...groups.values()];
}

/** A story as the grouping sees it; a story whose date does not parse counts as the earliest. */
export function groupReportOf(story: Pick<Story, 'id' | 'title' | 'published_at'> & { readonly source?: string | null }): GroupReport {
  const time = Date.parse(story.published_at);
  return { id: story.id, terms: titleTerms(story.title), time: Number.isFinite(time) ? time : 0, source: story.source ?? null };
}

/**
 * What a group's lead shows of its other members: other outlets' reports, earliest first, one per outlet,
 * at most MAX_RELATED, none with the lead's own url.
 */
export function relatedOf(lead: Pick<Story, 'source' | 'url'>, members: readonly Pick<Story, 'source' | 'url'>[]): RelatedLink[] {
  const sources = new Set([lead.source]);
  const urls = new Set([lead.url]);
  const related: RelatedLink[] = [];
  for (const member of members) {
    if (related.length >= MAX_RELATED) break;
    if (sources.has(member.source) || urls.has(member.url)) continue;
    sources.add(member.source);
    urls.add(member.url);
    related.push({ source: member.source, url: member.url });
  }
  return related;
}
