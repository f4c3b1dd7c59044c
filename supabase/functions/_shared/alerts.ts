/**
 * Alerts for words (docs/product.md#alerts-for-words), defined once: what an alert is, and when a story
 * matches it. follow-news validates the alerts it stores with it, the ingest stores each story's words
 * with it, and the page (src/domain/alerts.ts) matches its kept stories with it.
 */

/** A browser keeps at most this many alerts, and follow-news stores no more for one subscription. */
export const MAX_ALERTS = 10;
/** An alert's words: at least 1, at most 5. */
export const ALERT_MIN_WORDS = 1;
export const ALERT_MAX_WORDS = 5;
/** An alert's text, trimmed: 2 to 60 characters (code points). */
export const ALERT_MIN_CHARS = 2;
export const ALERT_MAX_CHARS = 60;
/** At most this many alert notifications reach one browser in a day (UTC). */
export const ALERT_PUSHES_PER_DAY = 20;

/** The refusals' texts, as the dialog shows them. */
export const ALERT_REFUSED = 'An alert is 1 to 5 words';
export const ALERTS_FULL = 'You can keep up to 10 alerts';

// Compatibility decomposition, then every combining mark dropped: "É", "e\u0301" and "ｅ" all read "e".
const MARKS = /\p{M}/gu;
const stripMarks = (text: string): string => text.normalize('NFKD').replace(MARKS, '');

/**
 * Text as matching compares it: accents dropped, case folded (upper then lower, so "STRASSE" and "straße"
 * are one word). Twice round, since a case change can give a letter with a mark ("İ") and decomposing
 * can give a capital ("ℌ").
 */
export function foldText(text: string): string {
  // ASCII has no marks, decomposes to itself and folds by lower case alone: most feeds' text, so the page's notice stays cheap.
  if (ASCII.test(text)) return text.toLowerCase();
  return stripMarks(stripMarks(text).toUpperCase().toLowerCase());
}

// eslint-disable-next-line no-control-regex -- ASCII is every code point below 0x80, controls included.
const ASCII = /^[\x00-\x7f]*$/;

// A word is a run of letters and digits: "re-election" is two words, "covid19" one.
const WORD = /[\p{L}\p{N}]+/gu;

// Runs of ASCII letters and digits and of anything beyond ASCII: ASCII punctuation and spaces end a word whatever
// folding does, so each run folds alone, and a run of ASCII letters and digits is one word already.
const RUN = /[0-9A-Za-z\u0080-\u{10FFFF}]+/gu;
const ASCII_WORD = /^[0-9A-Za-z]+$/;

/** The text's words as matching sees them, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const run of text.match(RUN) ?? []) {
    if (ASCII_WORD.test(run)) words.push(run.toLowerCase());
    else for (const word of foldText(run).match(WORD) ?? []) words.push(word);
  }
  return words;
}

/** The distinct words of a story's title and summary: what the store keeps beside it to find the alerts it matches. */
export function storyWords(story: { readonly title: string; readonly summary: string }): string[] {
  return [...new Set([...wordsOf(story.title), ...wordsOf(story.summary)])].sort();
}

/** An alert's distinct words, sorted: two alerts with the same terms are one alert. */
export function alertTerms(words: string): string[] {
  return [...new Set(wordsOf(words))].sort();
}

/** The key an alert is known by: its terms, one space apart ("Élection  Paris" and "paris election" are one). */
export const alertKey = (words: string): string => alertTerms(words).join(' ');

/** Text as an alert keeps it: trimmed, its spaces made single. */
export const keptWords = (text: string): string => text.trim().replace(/\s+/gu, ' ');

/**
 * The alert as kept: the text trimmed, its spaces made single; null when it is not 1 to 5 words or not
 * 2 to 60 characters.
 */
export function alertWords(text: string): string | null {
  const words = keptWords(text);
  const chars = [...words].length;
  const count = wordsOf(words).length;
  if (chars < ALERT_MIN_CHARS || chars > ALERT_MAX_CHARS || count < ALERT_MIN_WORDS || count > ALERT_MAX_WORDS) return null;
  return words;
}

/** Whether every term of the alert is a word of the story's title or summary. */
export function termsMatch(terms: readonly string[], words: ReadonlySet<string>): boolean {
  return terms.length > 0 && terms.every((term) => words.has(term));
}

/** Whether the story matches the alert: every word of the alert is a whole word of its title or summary, ignoring case and accents. */
export function matchesAlert(words: string, story: { readonly title: string; readonly summary: string }): boolean {
  return termsMatch(alertTerms(words), new Set([...wordsOf(story.title), ...wordsOf(story.summary)]));
}
