/**
 * Stories kept for the next visit (docs/product.md#stored-in-the-browser): what a stored
 * `newsLastFeed` value reads as, and what the page stores.
 */
import { describe, expect, it } from 'vitest';
import { parseKeptStories, serializeKeptStories } from '../../src/domain/kept-feed.ts';
import { countNewStories, newStoriesText } from '../../src/domain/new-stories.ts';
import type { Story } from '../../src/domain/story.ts';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const story = (id: string): Story => ({ id, title: `Story ${id}`, summary: '', source: 'Wire', url: `https://news.example.org/${id}`, published_at: '2026-11-21T09:00:00.000Z', category: 'World' });
const stored = (savedAt: unknown, stories: unknown = [story('a')]) => JSON.stringify({ saved_at: savedAt, stories });

describe('reading kept stories', () => {
  it('reads what the page stored, up to 24 hours later', () => {
    const value = serializeKeptStories([story('a'), story('b')], new Date(NOW - 2 * HOUR));
    expect(parseKeptStories(value, NOW)).toEqual({ savedAt: '2026-11-21T10:00:00.000Z', stories: [story('a'), story('b')] });
    expect(parseKeptStories(value, NOW - 2 * HOUR)?.stories).toHaveLength(2);
    expect(parseKeptStories(value, NOW - 2 * HOUR + 24 * HOUR - 1)?.stories).toHaveLength(2);
  });

  it('treats stories kept 24 hours ago or more as absent', () => {
    expect(parseKeptStories(stored(new Date(NOW - 24 * HOUR).toISOString()), NOW)).toBeNull();
    expect(parseKeptStories(stored(new Date(NOW - 30 * 24 * HOUR).toISOString()), NOW)).toBeNull();
  });

  it('reads saved_at in any ISO form with a zone', () => {
    const kept = parseKeptStories(stored('2026-11-21T13:00:00+01:00', [story('a')]), NOW);
    expect(kept).toEqual({ savedAt: '2026-11-21T13:00:00+01:00', stories: [story('a')] });
    expect(parseKeptStories(stored('2026-11-21T12:00Z', [story('a')]), NOW)?.savedAt).toBe('2026-11-21T12:00Z');
    // An hour later than now, in its own zone: the clock went back.
    expect(parseKeptStories(stored('2026-11-21T14:00:00+01:00', [story('a')]), NOW)).toBeNull();
  });

  it('treats stories kept after now as absent (the clock went back)', () => {
    expect(parseKeptStories(stored(new Date(NOW + 1).toISOString()), NOW)).toBeNull();
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{"saved_at":'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a string', '"2026-11-21T10:00:00.000Z"'],
    ['no saved_at', JSON.stringify({ stories: [story('a')] })],
    ['saved_at not a string', stored(NOW - HOUR)],
    ['saved_at not a date', stored('yesterday')],
    ['saved_at a date and time with no T', stored('2026-11-21 10:00')],
    ['saved_at a time with no zone', stored('2026-11-21T10:00:00')],
    ['saved_at a date alone', stored('2026-11-21')],
    ['saved_at only inherited', JSON.stringify(Object.assign(Object.create({ saved_at: '2026-11-21T10:00:00.000Z' }) as object, { stories: [story('a')] }))],
    ['no stories', stored('2026-11-21T10:00:00.000Z', [])],
    ['stories not an array', stored('2026-11-21T10:00:00.000Z', { a: story('a') })],
    ['no valid story', stored('2026-11-21T10:00:00.000Z', [{ id: 'x', title: 'No link' }, 42])],
  ])('reads %s as absent', (_case, value) => {
    expect(parseKeptStories(value, NOW)).toBeNull();
  });

  it('validates the stories like a live answer, dropping invalid ones', () => {
    const value = stored('2026-11-21T10:00:00.000Z', [
      { ...story('a'), url: 'javascript:alert(1)' },
      story('b'),
      { ...story('b'), title: 'Duplicate id' },
      { id: 'c', title: ' Untrimmed ', url: 'https://news.example.org/c' },
    ]);
    expect(parseKeptStories(value, NOW)?.stories).toEqual([
      story('b'),
      { id: 'c', title: 'Untrimmed', summary: '', source: 'news.example.org', url: 'https://news.example.org/c', published_at: '', category: 'General' },
    ]);
  });

  it('keeps at most 200 stories, the first ones', () => {
    const many = Array.from({ length: 250 }, (_, index) => story(String(index)));
    const read = parseKeptStories(stored('2026-11-21T10:00:00.000Z', many), NOW);
    expect(read?.stories.map((s) => s.id)).toEqual(many.slice(0, 200).map((s) => s.id));
    const written = JSON.parse(serializeKeptStories(many, new Date(NOW))) as { saved_at: string; stories: Story[] };
    expect(written.saved_at).toBe('2026-11-21T12:00:00.000Z');
    expect(written.stories.map((s) => s.id)).toEqual(many.slice(0, 200).map((s) => s.id));
  });
});

describe('a live answer held back over kept stories', () => {
  it('counts the stories not on screen, by id', () => {
    expect(countNewStories([story('a'), story('b'), story('c')], [story('b')])).toBe(2);
    expect(countNewStories([story('a')], [story('a'), story('z')])).toBe(0);
  });

  it.each([
    [0, 'Stories updated'],
    [1, '1 new story'],
    [2, '2 new stories'],
    [200, '200 new stories'],
  ])('announces %i as "%s"', (count, text) => {
    expect(newStoriesText(count)).toBe(text);
  });
});
