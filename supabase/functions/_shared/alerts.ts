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
  const once = stripMarks(text).toUpperCase().toLowerCase();
  // Mostly an accented Latin word, ASCII once folded: nothing is left to decompose.
  return ASCII.test(once) ? once : stripMarks(once);
}

// eslint-disable-next-line no-control-regex -- ASCII is every code point below 0x80, controls included.
const ASCII = /^[\x00-\x7f]*$/;

// A word is a run of letters and digits: "re-election" is two words, "covid19" one.
const WORD = /[\p{L}\p{N}]+/gu;

// The words of runs beyond ASCII, folded once: a feed repeats its accented words, and folding is the costly part.
const FOLDED = new Map<string, readonly string[]>();
const FOLDED_KEPT = 2_000;

function foldedWords(run: string): readonly string[] {
  let words = FOLDED.get(run);
  if (words === undefined) {
    words = foldText(run).match(WORD) ?? [];
    if (FOLDED.size >= FOLDED_KEPT) FOLDED.clear();
    FOLDED.set(run, words);
  }
  return words;
}

/**
 * Each word of the text as matching sees it, in order, repeats kept: a run of ASCII letters and digits is one word,
 * lower-cased; a run holding anything beyond ASCII is folded alone (ASCII punctuation and spaces end a word whatever
 * folding does) and split into runs of letters and digits. One scan of the text's code units, no regex per word: the
 * page's notice reads 200 stories with it on return.
 */
export function eachWord(text: string, add: (word: string) => void): void {
  let start = -1;
  let ascii = true;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 0x20;
    if (c >= 0x80 || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      if (start === -1) [start, ascii] = [i, true];
      if (c >= 0x80) ascii = false;
    } else if (start !== -1) {
      const run = text.slice(start, i);
      if (ascii) add(run.toLowerCase());
      else for (const word of foldedWords(run)) add(word);
      start = -1;
    }
  }
}

/** The text's words as matching sees them, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  eachWord(text, (word) => void words.push(word));
  return words;
}

/** The distinct words of the texts as matching sees them. */
export function wordSet(...texts: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) eachWord(text, (word) => void words.add(word));
  return words;
}

/** The distinct words of a story's title and summary: what the store keeps beside it to find the alerts it matches. */
export function storyWords(story: { readonly title: string; readonly summary: string }): string[] {
  return [...wordSet(story.title, story.summary)].sort();
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
  return termsMatch(alertTerms(words), wordSet(story.title, story.summary));
}
