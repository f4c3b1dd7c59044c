import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Feed, FeedItem } from '../../supabase/functions/_shared/parse/feed-model.ts';
import { storyId } from '../../supabase/functions/_shared/stories/story-id.ts';
import { feedToStories } from '../../supabase/functions/_shared/stories/stories.ts';
import { truncateSummary } from '../../supabase/functions/_shared/text/summary.ts';

const SOURCE = { name: 'Example News', url: 'https://example.com/feed', category: 'Science' };
const FETCHED_AT = new Date('2026-01-02T03:04:05Z');
const LIMITS = { itemsPerSource: 25, summaryMaxChars: 300 };

function feed(items: FeedItem[], updated?: Date): Feed {
  return { format: 'rss', title: 'Example', items, updated };
}

function entry(n: number, extra: Partial<FeedItem> = {}): FeedItem {
  return {
    guid: `guid-${n}`,
    title: `Title ${n}`,
    link: `https://example.com/${n}`,
    summary: `Summary ${n}`,
    published: new Date(Date.UTC(2025, 0, 1, n)),
    ...extra,
  };
}

describe('truncateSummary', () => {
  it('keeps short text and cuts long text at a word boundary, "…" included in the limit', () => {
    expect(truncateSummary('short text', 300)).toBe('short text');
    const long = 'word '.repeat(100).trim();
    const cut = truncateSummary(long, 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('word…')).toBe(true);
    expect(truncateSummary('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…');
    expect(truncateSummary('Sentence one. Sentence two is longer than that', 20)).toBe('Sentence one…');
  });

  it('cuts text without spaces hard, never inside a surrogate pair', () => {
    expect(truncateSummary('日本語のテキスト'.repeat(50), 300)).toHaveLength(300);
    const emoji = truncateSummary('😀'.repeat(200), 300);
    expect(emoji.length).toBeLessThanOrEqual(300);
    expect(emoji.endsWith('😀…')).toBe(true);
  });

  it('is a short prefix ending in "…" for any long text (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 700 }), fc.integer({ min: 10, max: 400 }), (text, max) => {
        const cut = truncateSummary(text, max);
        expect(cut.length).toBeLessThanOrEqual(Math.max(max, text.length <= max ? text.length : 0));
        if (text.length <= max) expect(cut).toBe(text);
        else {
          expect(cut.endsWith('…')).toBe(true);
          expect(text.startsWith(cut.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});

describe('storyId', () => {
  it('is deterministic, short, URL-safe and depends on source and key', () => {
    const id = storyId('BBC', 'https://bbc.co.uk/news/1');
    expect(id).toBe(storyId('BBC', 'https://bbc.co.uk/news/1'));
    expect(id).toMatch(/^[0-9a-z]{14}$/);
    expect(storyId('Guardian', 'https://bbc.co.uk/news/1')).not.toBe(id);
    expect(storyId('BBC', 'https://bbc.co.uk/news/2')).not.toBe(id);
  });

  it('keeps the same ids from one version to the next (stored bookmarks refer to them)', () => {
    // Each half is padded to 7 base-36 digits; the source name and the key are kept apart.
    expect(storyId('Guardian', 'urn:uuid:1')).toBe('01kqmzj15tf57t');
    expect(storyId('', '')).toBe('01efc4f1ik2xmj');
    expect(storyId('S', 'é😀')).toBe('17dlw1s03crrl2');
    expect(storyId('S', 'k0')).toBe('1u5wqcl003q2a4');
    expect(storyId('S', 'k20')).toBe('0l68crh02mbu46');
    expect(storyId('Sk', '20')).not.toBe(storyId('S', 'k20'));
  });

  it('does not collide on 20,000 distinct keys', () => {
    const ids = new Set(Array.from({ length: 20_000 }, (_, i) => storyId('S', `https://example.com/article/${i}`)));
    expect(ids.size).toBe(20_000);
  });
});

describe('feedToStories', () => {
  it('builds exactly the Story fields', () => {
    const [story] = feedToStories(feed([entry(1, { image: 'https://example.com/1.jpg' })]), SOURCE, FETCHED_AT, LIMITS);
    expect(story).toEqual({
      id: storyId('Example News', 'guid-1'),
      title: 'Title 1',
      summary: 'Summary 1',
      source: 'Example News',
      url: 'https://example.com/1',
      image: 'https://example.com/1.jpg',
      published_at: '2025-01-01T01:00:00.000Z',
      category: 'Science',
    });
    expect(Object.keys(feedToStories(feed([entry(2)]), SOURCE, FETCHED_AT, LIMITS)[0] ?? {})).not.toContain('image');
  });

  it('drops items without title or link and merges repeated guids', () => {
    const stories = feedToStories(
      feed([entry(1, { title: '' }), entry(2, { link: undefined }), entry(3), entry(3, { title: 'Again' })]),
      SOURCE,
      FETCHED_AT,
      LIMITS,
    );
    expect(stories.map((s) => s.title)).toEqual(['Title 3']);
  });

  it('uses the link for the id when there is no guid, so the id survives refetches', () => {
    const [story] = feedToStories(feed([entry(1, { guid: undefined })]), SOURCE, FETCHED_AT, LIMITS);
    expect(story?.id).toBe(storyId('Example News', 'https://example.com/1'));
  });

  it('dates an undated item with the feed date, else the fetch time', () => {
    const undated = entry(1, { published: undefined });
    expect(feedToStories(feed([undated], new Date('2024-05-05T05:05:05Z')), SOURCE, FETCHED_AT, LIMITS)[0]?.published_at).toBe(
      '2024-05-05T05:05:05.000Z',
    );
    expect(feedToStories(feed([undated]), SOURCE, FETCHED_AT, LIMITS)[0]?.published_at).toBe('2026-01-02T03:04:05.000Z');
  });

  it('keeps the 25 newest, newest first', () => {
    const items = Array.from({ length: 40 }, (_, n) => entry(n));
    const stories = feedToStories(feed(items), SOURCE, FETCHED_AT, LIMITS);
    expect(stories).toHaveLength(25);
    expect(stories[0]?.title).toBe('Title 39');
    expect(stories.at(-1)?.title).toBe('Title 15');
  });

  it('shortens summaries to 300 characters', () => {
    const [story] = feedToStories(feed([entry(1, { summary: 'lorem ipsum '.repeat(80) })]), SOURCE, FETCHED_AT, LIMITS);
    expect(story?.summary.length).toBeLessThanOrEqual(300);
    expect(story?.summary.endsWith('…')).toBe(true);
  });
});

describe('bounds on what a feed can put in the answer', () => {
  it('cuts a 100,000-character title to 300 at a word boundary, with "…"', () => {
    const [story] = feedToStories(feed([entry(1, { title: `${'headline '.repeat(11_111)}end` })]), SOURCE, FETCHED_AT, LIMITS);
    expect(story?.title.length).toBeLessThanOrEqual(300);
    expect(story?.title).toMatch(/^headline( headline)+…$/);
    const [short] = feedToStories(feed([entry(2, { title: 'x'.repeat(300) })]), SOURCE, FETCHED_AT, LIMITS);
    expect(short?.title).toBe('x'.repeat(300));
  });

  it('drops an item whose url is over 2,048 characters, keeps one of exactly 2,048', () => {
    const at = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
    const stories = feedToStories(feed([entry(1, { link: at(2_049) }), entry(2, { link: at(2_048) })]), SOURCE, FETCHED_AT, LIMITS);
    expect(stories.map((story) => story.url.length)).toEqual([2_048]);
  });

  it('keeps an image of exactly 2,048 characters', () => {
    const exact = `https://img.example/${'i'.repeat(2_048 - 'https://img.example/'.length - 4)}.jpg`;
    expect(exact).toHaveLength(2_048);
    expect(feedToStories(feed([entry(1, { image: exact })]), SOURCE, FETCHED_AT, LIMITS)[0]?.image).toBe(exact);
  });

  it('leaves out an image over 2,048 characters and keeps the story', () => {
    const long = `https://img.example/${'i'.repeat(2_100)}.jpg`;
    const stories = feedToStories(feed([entry(1, { image: long }), entry(2, { image: 'https://img.example/ok.jpg' })]), SOURCE, FETCHED_AT, LIMITS);
    expect(stories.map((story) => story.image)).toEqual(['https://img.example/ok.jpg', undefined]);
  });
});

describe('dates a feed cannot be trusted with', () => {
  const at = (iso: string) => new Date(iso);

  it('serves a date more than 5 minutes after the fetch as the fetch time, and keeps one within 5 minutes', () => {
    const stories = feedToStories(
      feed([
        entry(1, { published: at('2099-01-01T00:00:00Z') }),
        entry(2, { published: new Date(FETCHED_AT.getTime() + 5 * 60_000) }),
        entry(3, { published: new Date(FETCHED_AT.getTime() + 5 * 60_000 + 1) }),
      ]),
      SOURCE,
      FETCHED_AT,
      LIMITS,
    );
    expect(stories.map((story) => [story.title, story.published_at])).toEqual([
      ['Title 2', '2026-01-02T03:09:05.000Z'],
      ['Title 1', FETCHED_AT.toISOString()],
      ['Title 3', FETCHED_AT.toISOString()],
    ]);
  });

  it('gives an undated item the feed date, unless that is in the future too, then the fetch time', () => {
    const undated = entry(1, { published: undefined });
    expect(feedToStories(feed([undated], at('2025-12-31T00:00:00Z')), SOURCE, FETCHED_AT, LIMITS)[0]?.published_at).toBe('2025-12-31T00:00:00.000Z');
    expect(feedToStories(feed([undated], at('2099-01-01T00:00:00Z')), SOURCE, FETCHED_AT, LIMITS)[0]?.published_at).toBe(FETCHED_AT.toISOString());
    expect(feedToStories(feed([undated]), SOURCE, FETCHED_AT, LIMITS)[0]?.published_at).toBe(FETCHED_AT.toISOString());
  });
});

describe('feedToStories: limits a caller sets', () => {
  it('applies the caller’s title, url and future-tolerance limits instead of the defaults', () => {
    const items = [
      entry(1, { title: 'alpha beta gamma delta', link: 'https://e.example/1' }),
      entry(2, { link: 'https://e.example/longer-than-twenty-five' }),
      entry(3, { image: 'https://e.example/i.png' }),
      entry(4, { image: 'https://e.example/image-too-long.png' }),
      entry(5, { published: new Date(FETCHED_AT.getTime() + 60_001) }),
      entry(6, { published: new Date(FETCHED_AT.getTime() + 60_000) }),
    ];
    const stories = feedToStories(feed(items), SOURCE, FETCHED_AT, {
      ...LIMITS,
      titleMaxChars: 12,
      urlMaxChars: 25,
      futureToleranceMs: 60_000,
    });
    expect(stories.map((story) => [story.title, story.url, story.image, story.published_at])).toEqual([
      ['Title 6', 'https://example.com/6', undefined, '2026-01-02T03:05:05.000Z'],
      ['Title 5', 'https://example.com/5', undefined, FETCHED_AT.toISOString()],
      ['Title 4', 'https://example.com/4', undefined, '2025-01-01T04:00:00.000Z'],
      ['Title 3', 'https://example.com/3', 'https://e.example/i.png', '2025-01-01T03:00:00.000Z'],
      ['alpha beta…', 'https://e.example/1', undefined, '2025-01-01T01:00:00.000Z'],
    ]);
  });

  it('keeps the feed’s order for items of the same date', () => {
    const same = new Date('2025-06-01T00:00:00Z');
    const items = Array.from({ length: 12 }, (_, n) => entry(n, { published: same }));
    const stories = feedToStories(feed([entry(99), ...items]), SOURCE, FETCHED_AT, LIMITS);
    expect(stories.map((story) => story.title)).toEqual([...items.map((item) => item.title), 'Title 99']);
  });

  it('asks the budget once for each story kept, and stops when it throws', () => {
    const items = Array.from({ length: 30 }, (_, n) => entry(n));
    let calls = 0;
    feedToStories(feed(items), SOURCE, FETCHED_AT, { ...LIMITS, itemsPerSource: 4, checkBudget: () => void (calls += 1) });
    expect(calls).toBe(4);
    const stop = new Error('over budget');
    expect(() => feedToStories(feed(items), SOURCE, FETCHED_AT, { ...LIMITS, checkBudget: () => { throw stop; } })).toThrow(stop);
  });

  it('reads the summary and image only of the items kept', () => {
    const read: number[] = [];
    const items = Array.from({ length: 6 }, (_, n): FeedItem => ({
      guid: `g${n}`,
      title: `T${n}`,
      link: `https://example.com/${n}`,
      published: new Date(Date.UTC(2025, 0, 1, n)),
      get summary() {
        read.push(n);
        return `S${n}`;
      },
      get image() {
        read.push(-n);
        return undefined;
      },
    }));
    const stories = feedToStories(feed(items), SOURCE, FETCHED_AT, { ...LIMITS, itemsPerSource: 2 });
    expect(stories.map((story) => story.summary)).toEqual(['S5', 'S4']);
    expect(read.sort()).toEqual([-5, -4, 4, 5].sort());
  });
});
