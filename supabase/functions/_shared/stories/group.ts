/**
 * Several sources, one story (docs/product.md#the-fetch-news-function): reports of the same
 * event by different outlets become one story whose `related` lists the others.
 *
 * Two items are the same event when they come from different sources, were published within
 * 48 hours of each other, and their titles (lowercased, punctuation deleted, stop words and
 * numbers dropped) each have at least 5 significant words, share at least 3 of them, and the
 * shared words are at least 60% of the shorter title's. The earliest item represents its group.
 *
 * The result never depends on the order of the input: items are visited in a canonical order
 * (earliest first, ties broken by every field), each unassigned item becomes a representative
 * and takes, earliest first, every later unassigned item that is the same event as it, at most
 * one per source and at most MAX_RELATED in all. An item that joins no group stays a story, so
 * no item is ever lost. Candidates come from an index by significant word, so the cost is the
 * number of (item, item) pairs that share a word, not every pair (the answer holds at most 200).
 */
import { MAX_RELATED, type RelatedLink, type Story } from '../story.ts';

export const MIN_SIGNIFICANT_WORDS = 5;
export const MIN_SHARED_WORDS = 3;
/** The shared words as a share of the shorter title's significant words, as a fraction. */
export const MIN_SHARED_RATIO = 0.6;
export const MAX_GAP_MS = 48 * 60 * 60 * 1000;

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

const APOSTROPHES = /['\u2018\u2019\u02bc`]/g;
const PUNCTUATION = /[\p{P}\p{S}]/gu;
const WHITESPACE = /\s/u; // a run of whitespace leaves empty words, skipped below
/** Plain numbers, and numbers with an ordinal or plural ending: "2026", "10th", "1990s". */
const NUMBER = /^\p{N}+(st|nd|rd|th|s)?$/u;

/** The distinct significant words of a title, in order of first appearance. */
export function significantWords(title: string): string[] {
  const words = new Set<string>();
  const text = title.normalize('NFKC').toLowerCase().replace(APOSTROPHES, '').replace(PUNCTUATION, '');
  for (const token of text.split(WHITESPACE)) {
    if (token === '' || STOP_WORDS.has(token) || NUMBER.test(token)) continue;
    words.add(token);
  }
  return [...words];
}

interface Entry {
  readonly story: Story;
  readonly words: readonly string[];
  readonly time: number;
  rank: number;
  /** The representative this entry was given to, or itself when it represents a group. */
  group: Entry | undefined;
}

/** True when `shared` words make two titles of these sizes the same event (sizes already checked). */
export function enoughOverlap(shared: number, sizeA: number, sizeB: number): boolean {
  // Integer arithmetic: shared / shorter >= 3 / 5.
  return shared >= MIN_SHARED_WORDS && shared * 5 >= Math.min(sizeA, sizeB) * 3;
}

const FIELDS = ['source', 'url', 'id', 'title', 'summary', 'category', 'published_at', 'image'] as const;

function compareText(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Earliest first; equal times are ordered by every field, so the order is the input's content, not its order. */
function canonical(a: Entry, b: Entry): number {
  if (a.time !== b.time) return a.time - b.time;
  for (const field of FIELDS) {
    const order = compareText(a.story[field], b.story[field]);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Groups reports of the same event. The result keeps the input's order: each story that joined
 * another's group is left out, and each representative carries `related` ({ source, url } of the
 * others, earliest first). Stories that group with nothing are returned unchanged.
 */
export function groupStories(stories: readonly Story[]): Story[] {
  const entries: Entry[] = stories.map((story) => ({
    story,
    words: significantWords(story.title),
    time: Date.parse(story.published_at),
    rank: -1,
    group: undefined,
  }));
  const eligible = entries.filter((entry) => entry.words.length >= MIN_SIGNIFICANT_WORDS && Number.isFinite(entry.time)).sort(canonical);
  eligible.forEach((entry, rank) => (entry.rank = rank));

  const byWord = new Map<string, Entry[]>();
  for (const entry of eligible) {
    for (const word of entry.words) {
      const list = byWord.get(word);
      if (list) list.push(entry);
      else byWord.set(word, [entry]);
    }
  }

  const related = new Map<Entry, Entry[]>();
  for (const representative of eligible) {
    if (representative.group !== undefined) continue;
    representative.group = representative;
    const shared = new Map<Entry, number>();
    for (const word of representative.words) {
      for (const other of byWord.get(word) ?? []) {
        // Every earlier entry (and the representative itself) already has a group: only later,
        // unassigned entries are candidates.
        if (other.group !== undefined) continue;
        shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
    const members: Entry[] = [];
    const sources = new Set([representative.story.source]);
    const urls = new Set([representative.story.url]);
    const candidates = [...shared].filter(([other]) => other.time - representative.time <= MAX_GAP_MS).sort(([a], [b]) => a.rank - b.rank);
    for (const [other, count] of candidates) {
      if (members.length >= MAX_RELATED) break;
      if (sources.has(other.story.source) || urls.has(other.story.url)) continue;
      if (!enoughOverlap(count, representative.words.length, other.words.length)) continue;
      other.group = representative;
      members.push(other);
      sources.add(other.story.source);
      urls.add(other.story.url);
    }
    if (members.length > 0) related.set(representative, members);
  }

  const result: Story[] = [];
  for (const entry of entries) {
    if (entry.group !== undefined && entry.group !== entry) continue;
    const members = related.get(entry);
    if (members === undefined) {
      result.push(entry.story);
    } else {
      const links: RelatedLink[] = members.map((member) => ({ source: member.story.source, url: member.story.url }));
      result.push({ ...entry.story, related: links });
    }
  }
  return result;
}
