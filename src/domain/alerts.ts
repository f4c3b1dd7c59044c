/**
 * Alerts for words (docs/product.md#alerts-for-words) as the page keeps them in `newsAlerts`, and the
 * notice on return. What an alert is and when a story matches it is the function's, defined once
 * (supabase/functions/_shared/alerts.ts); pure: the page reads and writes storage at its edge.
 */
import { alertKey, alertTerms, alertWords, eachWord, keptWords, MAX_ALERTS } from '../../supabase/functions/_shared/alerts.ts';
import { isNewSince } from './new-since.ts';
import { field, isPlainObject } from './normalize.ts';
import { isoTime } from './iso-time.ts';
import { mergeLists, readList, readStoredList } from './stored-list.ts';
import type { Story } from './story.ts';

export { ALERT_REFUSED, ALERTS_FULL, alertKey, alertWords, keptWords, matchesAlert, MAX_ALERTS } from '../../supabase/functions/_shared/alerts.ts';

export interface Alert {
  /** As the visitor typed them, trimmed, spaces single: what the dialog shows and `/?q=` searches. */
  words: string;
  /** When it was added (ISO). */
  created_at: string;
}

/** One alert entry, validated: its words an alert's (made single-spaced), its time an ISO date and time; else null. */
export function alertOf(entry: unknown): Alert | null {
  if (!isPlainObject(entry)) return null;
  const words = field(entry, 'words');
  const createdAt = field(entry, 'created_at');
  const kept = typeof words === 'string' ? alertWords(words) : null;
  if (kept === null || typeof createdAt !== 'string' || isoTime(createdAt) === null) return null;
  return { words: kept, created_at: createdAt };
}

/**
 * The alerts' validation: a parsed value (a stored `newsAlerts`, or an export's `alerts`) read as alerts.
 * Anything but an array is none; an entry that is not an alert is dropped, one with the terms of an
 * alert before it too; the first 10 count.
 */
export function readAlerts(value: unknown): Alert[] {
  return readList(value, alertOf, (alert) => alertKey(alert.words), MAX_ALERTS);
}

/** An export's alerts joined to these: each kept once (by its terms), these first, the first 10 in all. */
export function mergeAlerts(here: readonly Alert[], imported: readonly Alert[]): Alert[] {
  return mergeLists(here, imported, (alert) => alertKey(alert.words), MAX_ALERTS);
}

/** The stored `newsAlerts` read: unreadable, not JSON or not an array means none. */
export function readStoredAlerts(stored: string | null): Alert[] {
  return readStoredList(stored, alertOf, (alert) => alertKey(alert.words), MAX_ALERTS);
}

export function serializeAlerts(alerts: readonly Alert[]): string {
  return JSON.stringify(alerts.slice(0, MAX_ALERTS));
}

/** Why an alert is not added: not 1 to 5 words of 2 to 60 characters, its terms kept already, or 10 kept already. */
export type AlertRefusal = 'invalid' | 'known' | 'full';

/** Why `text` would not be added to the alerts, or null when it would. */
export function alertRefusal(alerts: readonly Alert[], text: string): AlertRefusal | null {
  const words = alertWords(text);
  if (words === null) return 'invalid';
  const key = alertKey(words);
  if (alerts.some((alert) => alertKey(alert.words) === key)) return 'known';
  return alerts.length >= MAX_ALERTS ? 'full' : null;
}

/** The alerts with `text` (an alert, not kept yet: alertRefusal said so) added last. */
export function appendAlert(alerts: readonly Alert[], text: string, now: string): Alert[] {
  return [...alerts, { words: keptWords(text), created_at: now }];
}

/** The alerts with `text` added last, or why not (an alert with the same terms is kept as it was). */
export function withAlert(alerts: readonly Alert[], text: string, now: string): { alerts: Alert[] } | { refused: AlertRefusal } {
  const refused = alertRefusal(alerts, text);
  return refused === null ? { alerts: appendAlert(alerts, text, now) } : { refused };
}

export function withoutAlert(alerts: readonly Alert[], words: string): Alert[] {
  return alerts.filter((alert) => alert.words !== words);
}

/** What the notice on return tells: the new stories matching any alert, and the alert with most of them. */
export interface AlertNews {
  count: number;
  /** The words of the alert with the most matches (the first kept among equals). */
  top: string;
}

/**
 * The stories published since the last visit that match an alert (each story once), or null when none
 * does or there was no last visit. Each story's words are read once, whatever the number of alerts.
 */
export function alertNews(alerts: readonly Alert[], stories: readonly Story[], lastVisit: number | null): AlertNews | null {
  if (alerts.length === 0 || lastVisit === null) return null;
  // Every alert's terms numbered once: a story's words are looked up among them and never gathered, the notice's cost
  // on return (docs/performance.md).
  const numbers = new Map<string, number>();
  const tallies = alerts.map((alert) => ({
    words: alert.words,
    terms: alertTerms(alert.words).map((term) => numbers.get(term) ?? (numbers.set(term, numbers.size), numbers.size - 1)),
    matches: 0,
  }));
  const found = new Uint8Array(numbers.size);
  const find = (word: string) => {
    const number = numbers.get(word);
    if (number !== undefined) found[number] = 1;
  };
  const seen = new Set<string>();
  let count = 0;
  for (const story of stories) {
    if (seen.has(story.id) || !isNewSince(story, lastVisit)) continue;
    seen.add(story.id);
    found.fill(0);
    eachWord(story.title, find);
    eachWord(story.summary, find);
    let matched = false;
    for (const tally of tallies) {
      if (tally.terms.length === 0 || !tally.terms.every((number) => found[number] === 1)) continue;
      tally.matches += 1;
      matched = true;
    }
    if (matched) count += 1;
  }
  if (count === 0) return null;
  const best = tallies.reduce((top, tally) => (tally.matches > top.matches ? tally : top));
  return { count, top: best.words };
}

/** "{N} new stories match your alerts" ("1 new story matches your alerts"). */
export function alertNewsText(count: number): string {
  return count === 1 ? '1 new story matches your alerts' : `${count} new stories match your alerts`;
}

/** "/?q={words}": the home page's search for an alert's words. */
export function alertSearchPath(words: string): string {
  return `/?q=${encodeURIComponent(words)}`;
}
