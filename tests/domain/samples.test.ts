import { describe, expect, it } from 'vitest';
import { normalizeStories } from '../../src/domain/normalize.ts';
import { SAMPLE_STORY_COUNT, sampleStories } from '../../src/domain/samples.ts';

const NOW = Date.UTC(2026, 10, 21, 15, 5, 0);
const HOUR = 3_600_000;

describe('sampleStories', () => {
  const stories = sampleStories(NOW);

  it('has six stories with ids sample-1 to sample-6', () => {
    expect(SAMPLE_STORY_COUNT).toBe(6);
    expect(stories).toHaveLength(SAMPLE_STORY_COUNT);
    expect(stories.map((s) => s.id)).toEqual(['sample-1', 'sample-2', 'sample-3', 'sample-4', 'sample-5', 'sample-6']);
  });

  it('has one story per category, in the documented order', () => {
    expect(stories.map((s) => s.category)).toEqual(['Technology', 'Finance', 'Environment', 'Science', 'Health', 'Sports']);
  });

  it('is dated 2 to 12 hours before now, in 2-hour steps, newest first', () => {
    expect(stories.map((s) => (NOW - Date.parse(s.published_at)) / HOUR)).toEqual([2, 4, 6, 8, 10, 12]);
    for (const s of stories) expect(new Date(s.published_at).toISOString()).toBe(s.published_at);
  });

  it('links to distinct example.com pages and shows no external images', () => {
    const urls = stories.map((s) => new URL(s.url));
    for (const url of urls) {
      expect(url.protocol).toBe('https:');
      expect(url.host).toBe('example.com');
    }
    expect(new Set(stories.map((s) => s.url)).size).toBe(6);
    for (const s of stories) expect(s).not.toHaveProperty('image');
  });

  it('has real-looking text in every field', () => {
    for (const s of stories) {
      expect(s.title.length).toBeGreaterThan(10);
      expect(s.summary.length).toBeGreaterThan(20);
      expect(s.source.length).toBeGreaterThan(3);
    }
    expect(new Set(stories.map((s) => s.source)).size).toBe(6);
  });

  it('passes validation unchanged', () => {
    expect(normalizeStories(stories)).toEqual({ stories, dropped: [] });
  });

  it('builds fresh objects on every call', () => {
    const again = sampleStories(NOW);
    expect(again).toEqual(stories);
    expect(again[0]).not.toBe(stories[0]);
    expect(sampleStories(NOW + HOUR)[0]?.published_at).toBe(new Date(NOW - HOUR).toISOString());
  });
});
