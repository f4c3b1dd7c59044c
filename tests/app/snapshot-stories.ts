import type { Story } from '../../src/domain/story.ts';

/** Story `n` as the snapshot tests use it: every field set, an http(s) URL and image. */
export function story(n: number, extra: Partial<Story> = {}): Story {
  return {
    id: `s${n}`,
    title: `Story number ${n}`,
    summary: `Summary ${n}`,
    source: `Source ${n}`,
    url: `https://news.example/${n}`,
    image: `https://img.example/${n}.jpg`,
    published_at: '2026-11-22T10:00:00.000Z',
    category: 'World',
    ...extra,
  };
}

/** Stories 1 to `count`. */
export const stories = (count: number): Story[] => Array.from({ length: count }, (_, i) => story(i + 1));
