/**
 * Alerts' matching and validation (docs/product.md#alerts-for-words), as fast-check properties: the
 * page's matcher (src/domain/alerts.ts) and the function's (each story's words kept in the store, an
 * alert's terms contained in them, as `terms <@ words` asks) agree on any text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertTerms, storyWords, wordsOf } from '../../supabase/functions/_shared/alerts.ts';
import { alertNews, alertWords, matchesAlert, readAlerts, readStoredAlerts, withAlert, type Alert } from '../../src/domain/alerts.ts';
import type { Story } from '../../src/domain/story.ts';

/** Words a reader and a feed both write: accents, capitals, compatibility forms, punctuation, other scripts. */
const piece = fc.constantFrom('election', 'Élection', 'ÉLECTION', 'e\u0301lection', 'paris', 'PARÍS', 'ｐａｒｉｓ', 'climate', 'Klima', 'straße', 'İstanbul', 'istanbul', 'covid19', '東京', 'München', 'munchen', 'ﬁre', 'fire', 'x');
const glue = fc.constantFrom(' ', '  ', ', ', '-', '. ', "'", '\n', '\u00a0', '', '!', '(');
const text = fc.oneof(
  fc.array(fc.tuple(piece, glue), { maxLength: 12 }).map((parts) => parts.map(([word, sep]) => word + sep).join('')),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

/** The function's side: the words the store keeps for a story, an alert's terms all among them. */
function storeMatches(words: string, story: { title: string; summary: string }): boolean {
  const kept = storyWords(story);
  const terms = alertTerms(words);
  return terms.length > 0 && terms.every((term) => kept.includes(term));
}

describe("the page's and the function's matchers", () => {
  it('agree on any title, summary and alert', () => {
    fc.assert(
      fc.property(text, text, text, (words, title, summary) => {
        expect(matchesAlert(words, { title, summary })).toBe(storeMatches(words, { title, summary }));
      }),
      { numRuns: 2000 },
    );
  });

  it('find an alert in any story that holds its words, whatever their case, accents and order', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 5 }), text, (words, rest) => {
        const alert = words.join(' ');
        const title = `${rest} ${[...words].reverse().join(', ').toUpperCase()} ${rest}`;
        expect(matchesAlert(alert, { title, summary: '' })).toBe(true);
        expect(matchesAlert(alert, { title: '', summary: title })).toBe(true);
      }),
    );
  });
});

describe("a text's words", () => {
  it('are its runs of letters and digits once accents are dropped and case folded, however the text is scanned', () => {
    // The rule written out on the whole text: the matcher folds run by run, in one scan, for the notice's cost.
    const strip = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');
    fc.assert(
      fc.property(text, (typed) => {
        expect(wordsOf(typed)).toEqual(strip(strip(typed).toUpperCase().toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? []);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("an alert's validation", () => {
  it('keeps 1 to 5 words of 2 to 60 characters, trimmed, and refuses anything else', () => {
    fc.assert(
      fc.property(text, (typed) => {
        const kept = alertWords(typed);
        const trimmed = typed.trim().replace(/\s+/gu, ' ');
        const words = trimmed.normalize('NFKD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
        const chars = [...trimmed].length;
        // Counted by the rule's own words: letters and digits in runs, once accents are dropped.
        const allowed = chars >= 2 && chars <= 60 && words >= 1 && words <= 5;
        expect(kept).toBe(allowed ? trimmed : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any stored value as at most 10 valid alerts, each terms once, never throwing', () => {
    const entry = fc.oneof(
      fc.record({ words: text, created_at: fc.constantFrom('2026-12-01T08:00:00.000Z', 'yesterday', '') }),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (value) => {
        for (const alerts of [readAlerts(value), readStoredAlerts(JSON.stringify(value))]) {
          expect(alerts.length).toBeLessThanOrEqual(10);
          const keys = alerts.map((alert) => alertTerms(alert.words).join(' '));
          expect(new Set(keys).size).toBe(keys.length);
          for (const alert of alerts) expect(alertWords(alert.words)).toBe(alert.words);
        }
      }),
    );
  });

  it('never holds more than 10 alerts, however many are added', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), (typed) => {
        let alerts: Alert[] = [];
        for (const one of typed) {
          const added = withAlert(alerts, one, '2026-12-01T08:00:00.000Z');
          if ('alerts' in added) alerts = added.alerts;
        }
        expect(alerts.length).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('the notice on return', () => {
  const story = (id: string, title: string, published_at: string): Story => ({
    id,
    title,
    summary: '',
    source: 'Wire',
    url: `https://news.example.org/${id}`,
    published_at,
    category: 'World',
  });

  it("counts the stories the function's matcher finds, on any text and any alerts", () => {
    const fresh = '2026-12-02T08:00:00.000Z';
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 10 }), fc.array(fc.tuple(text, text), { maxLength: 8 }), (typed, texts) => {
        const alerts: Alert[] = typed.flatMap((words) => alertWords(words) ?? []).map((words) => ({ words, created_at: fresh }));
        const stories = texts.map(([title, summary], index) => ({ ...story(`s${index}`, title, fresh), summary }));
        const count = stories.filter((one) => alerts.some((alert) => storeMatches(alert.words, one))).length;
        expect(alertNews(alerts, stories, Date.parse('2026-12-01T08:00:00.000Z'))?.count ?? 0).toBe(alerts.length === 0 ? 0 : count);
      }),
      { numRuns: 1000 },
    );
  });

  it('counts each new matching story once, and names the alert with the most', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.subarray(['election', 'paris', 'climate']), fc.boolean()), { maxLength: 20 }), (made) => {
        const stories = made.map(([words, fresh], index) => story(`s${index}`, words.join(' ') || 'nothing', fresh ? '2026-12-02T08:00:00.000Z' : '2026-11-30T08:00:00.000Z'));
        const alerts: Alert[] = ['election', 'paris'].map((words) => ({ words, created_at: '2026-11-01T08:00:00.000Z' }));
        const news = alertNews(alerts, stories, Date.parse('2026-12-01T08:00:00.000Z'));
        const fresh = made.filter(([, isFresh]) => isFresh);
        const count = fresh.filter(([words]) => words.includes('election') || words.includes('paris')).length;
        if (count === 0) {
          expect(news).toBeNull();
          return;
        }
        const election = fresh.filter(([words]) => words.includes('election')).length;
        const paris = fresh.filter(([words]) => words.includes('paris')).length;
        expect(news).toEqual({ count, top: paris > election ? 'paris' : 'election' });
      }),
    );
  });
});
