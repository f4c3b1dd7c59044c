/** Alerts for words (docs/product.md#alerts-for-words): the rules a visitor notices, written out. */
import { describe, expect, it } from 'vitest';
import {
  ALERT_REFUSED,
  ALERTS_FULL,
  alertNews,
  alertNewsText,
  alertSearchPath,
  alertWords,
  matchesAlert,
  readAlerts,
  readStoredAlerts,
  serializeAlerts,
  withAlert,
  withoutAlert,
  type Alert,
} from '../../src/domain/alerts.ts';
import { storyWords } from '../../supabase/functions/_shared/alerts.ts';
import type { Story } from '../../src/domain/story.ts';

const at = '2026-12-01T08:00:00.000Z';
const alert = (words: string): Alert => ({ words, created_at: at });
const story = (id: string, title: string, summary = '', published_at = '2026-12-02T08:00:00.000Z'): Story => ({
  id,
  title,
  summary,
  source: 'Wire',
  url: `https://news.example.org/${id}`,
  published_at,
  category: 'World',
});

describe('the texts', () => {
  it('refuse with the words of the dialog', () => {
    expect(ALERT_REFUSED).toBe('An alert is 1 to 5 words');
    expect(ALERTS_FULL).toBe('You can keep up to 10 alerts');
  });

  it('tell of new matches in the singular and the plural', () => {
    expect(alertNewsText(1)).toBe('1 new story matches your alerts');
    expect(alertNewsText(3)).toBe('3 new stories match your alerts');
  });

  it('search the alert’s words on the home page', () => {
    expect(alertSearchPath('climate & energy')).toBe('/?q=climate%20%26%20energy');
  });
});

describe('an alert', () => {
  it('is 1 to 5 words of 2 to 60 characters, trimmed, its spaces made single', () => {
    expect(alertWords('  climate   change ')).toBe('climate change');
    expect(alertWords('EU')).toBe('EU');
    expect(alertWords('a')).toBeNull();
    expect(alertWords('   ')).toBeNull();
    expect(alertWords('!?')).toBeNull();
    expect(alertWords('one two three four five')).toBe('one two three four five');
    expect(alertWords('one two three four five six')).toBeNull();
    expect(alertWords('x'.repeat(60))).toBe('x'.repeat(60));
    expect(alertWords('x'.repeat(61))).toBeNull();
  });

  it('matches whole words of the title or summary, ignoring case and accents', () => {
    expect(matchesAlert('election', story('a', 'The Élection in Paris'))).toBe(true);
    expect(matchesAlert('paris election', story('a', 'Vote today', 'ELECTION day in PARÍS'))).toBe(true);
    expect(matchesAlert('elect', story('a', 'The election'))).toBe(false);
    expect(matchesAlert('paris election', story('a', 'Paris today'))).toBe(false);
    expect(matchesAlert('re election', story('a', 'Her re-election'))).toBe(true);
    expect(matchesAlert('!!', story('a', '!!'))).toBe(false);
  });

  it('keeps a story’s words once, sorted, as the store holds them', () => {
    expect(storyWords({ title: 'Paris: the Élection', summary: 'the vote in paris' })).toEqual(['election', 'in', 'paris', 'the', 'vote']);
  });
});

describe('the kept alerts', () => {
  it('add last, keep one alert per set of words (the same words again are known), refuse bad words and an eleventh', () => {
    const one = withAlert([], 'climate', at);
    expect(one).toEqual({ alerts: [alert('climate')] });
    expect(withAlert([alert('climate')], 'CLIMATE', at)).toEqual({ refused: 'known' });
    expect(withAlert([], 'x', at)).toEqual({ refused: 'invalid' });
    const ten = Array.from({ length: 10 }, (_, i) => alert(`word${i}`));
    expect(withAlert(ten, 'eleventh', at)).toEqual({ refused: 'full' });
    expect(withAlert(ten, 'word3', at)).toEqual({ refused: 'known' });
  });

  it('remove by their words', () => {
    expect(withoutAlert([alert('climate'), alert('paris')], 'climate')).toEqual([alert('paris')]);
  });

  it('read from storage, dropping what is not an alert, and write back', () => {
    const stored = JSON.stringify([alert('climate'), { words: 'x', created_at: at }, { words: 'paris', created_at: 'today' }, alert('Climate'), 'paris', null, alert('paris  today')]);
    expect(readStoredAlerts(stored)).toEqual([alert('climate'), alert('paris today')]);
    expect(readStoredAlerts('{not json')).toEqual([]);
    expect(readStoredAlerts(null)).toEqual([]);
    expect(readStoredAlerts('{"words":"climate"}')).toEqual([]);
    expect(readAlerts([alert('climate')])).toEqual([alert('climate')]);
    expect(readAlerts(undefined)).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => alert(`word${i}`));
    expect(JSON.parse(serializeAlerts(many))).toHaveLength(10);
    expect(readStoredAlerts(JSON.stringify(many))).toHaveLength(10);
  });
});

describe('the notice on return', () => {
  const lastVisit = Date.parse(at);

  it('counts the new stories matching any alert, and names the alert with the most', () => {
    const stories = [
      story('a', 'Paris votes'),
      story('b', 'Election in Paris'),
      story('c', 'Paris again'),
      story('d', 'Old Paris news', '', '2026-11-30T08:00:00.000Z'),
      story('a', 'Paris votes'),
      story('e', 'Nothing to see'),
    ];
    expect(alertNews([alert('election'), alert('paris')], stories, lastVisit)).toEqual({ count: 3, top: 'paris' });
    expect(alertNews([alert('election'), alert('paris')], stories.slice(1, 2), lastVisit)).toEqual({ count: 1, top: 'election' });
  });

  it('is absent with no alert, no last visit or no match', () => {
    expect(alertNews([], [story('a', 'Paris')], lastVisit)).toBeNull();
    expect(alertNews([alert('paris')], [story('a', 'Paris')], null)).toBeNull();
    expect(alertNews([alert('rome')], [story('a', 'Paris')], lastVisit)).toBeNull();
  });

  it('counts no story for an alert without a word (never kept, but handed in), and the others as ever', () => {
    expect(alertNews([alert('!!')], [story('a', 'Paris')], lastVisit)).toBeNull();
    expect(alertNews([alert('?!'), alert('paris')], [story('a', 'Paris'), story('b', 'Rome')], lastVisit)).toEqual({ count: 1, top: 'paris' });
  });
});
