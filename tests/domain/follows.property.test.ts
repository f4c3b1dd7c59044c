/**
 * The followed stories as stored and as the function answers for them
 * (docs/product.md#following-a-story): fast-check properties against simple models, and the
 * rules a visitor notices written out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adoptAnswer,
  followedStories,
  FOLLOWS_MAX,
  markSeen,
  newReports,
  parseFollows,
  serializeFollows,
  storiesWithNewReports,
  withFollow,
  withoutFollow,
  type Follow,
} from '../../src/domain/follows.ts';
import { followedFromAnswer } from '../../src/domain/follow-answer.ts';
import type { Story } from '../../src/domain/story.ts';

const story = (id: string, related = 0): Story => ({
  id,
  title: `Story ${id}`,
  summary: '',
  source: 'Wire',
  url: `https://news.example.org/${id}`,
  published_at: '2026-11-20T09:00:00.000Z',
  category: 'World',
  ...(related > 0 ? { related: Array.from({ length: related }, (_, i) => ({ source: `Outlet ${i}`, url: `https://outlet${i}.example.org/${id}` })) } : {}),
});
const at = '2026-11-21T08:00:00.000Z';
const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e');

/** Follow and unfollow presses, as the visitor makes them. */
const presses = fc.array(fc.tuple(ids, fc.nat(3)), { maxLength: 30 });

describe('following and unfollowing', () => {
  it('matches a model list: newest followed first, each once, what the card showed seen', () => {
    fc.assert(
      fc.property(presses, (steps) => {
        let follows: Follow[] = [];
        let model: Array<{ id: string; seen: number }> = [];
        for (const [id, related] of steps) {
          if (model.some((entry) => entry.id === id)) {
            follows = withoutFollow(follows, id);
            model = model.filter((entry) => entry.id !== id);
          } else {
            follows = withFollow(follows, story(id, related), at) ?? follows;
            model = [{ id, seen: 1 + related }, ...model];
          }
        }
        expect(follows.map(({ id, seen }) => ({ id, seen }))).toEqual(model);
        // What is stored reads back the same.
        expect(parseFollows(serializeFollows(follows))).toEqual(follows);
      }),
    );
  });

  it('refuses the 51st follow', () => {
    const fifty = Array.from({ length: FOLLOWS_MAX }, (_, i) => withFollow([], story(`s${i}`), at)![0]!);
    expect(fifty).toHaveLength(50);
    expect(withFollow(fifty, story('new'), at)).toBeNull();
    expect(withFollow(fifty.slice(1), story('new'), at)?.[0]?.id).toBe('new');
  });
});

describe('newsFollows as stored', () => {
  const entry = fc.record({ id: ids, followed_at: fc.constant(at), seen: fc.nat(20), reports: fc.option(fc.nat(20), { nil: undefined }) }).map(({ reports, ...rest }) =>
    reports === undefined ? rest : { ...rest, reports },
  );
  const junk = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.constant({ id: '' }), fc.constant({ id: 'x', seen: -1, followed_at: at }), fc.constant({ id: 'y', seen: 1 }), fc.constant({ id: 'z', seen: 1.5, followed_at: at }));

  it('keeps the valid entries, each id once (its first), at most 50, and drops the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(entry, junk), { maxLength: 80 }), (stored) => {
        const model: Follow[] = [];
        for (const item of stored) {
          const valid = typeof item === 'object' && item !== null && 'followed_at' in item && 'seen' in item && typeof item.seen === 'number' && Number.isInteger(item.seen) && item.seen >= 0;
          if (valid && !model.some((kept) => kept.id === item.id) && model.length < FOLLOWS_MAX) model.push(item as Follow);
        }
        expect(parseFollows(JSON.stringify(stored))).toEqual(model);
      }),
    );
  });

  it('reads anything unreadable as no follows, never an error', () => {
    for (const value of [null, '', '{', 'null', '{"id":"a"}', '"a"', '42', 'true']) expect(parseFollows(value)).toEqual([]);
  });

  it('keeps the entry when its story copy is invalid, without the copy', () => {
    expect(parseFollows(JSON.stringify([{ id: 'a', followed_at: at, seen: 2, story: { id: 'a', title: 'T', url: 'javascript:alert(1)' } }]))).toEqual([{ id: 'a', followed_at: at, seen: 2 }]);
  });
});

describe('new reports', () => {
  it('counts reports now less those seen, and none until an answer has counted them', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), (seen, reports) => {
        const follow: Follow = { id: 'a', followed_at: at, seen, reports };
        expect(newReports(follow)).toBe(Math.max(0, reports - seen));
        expect(newReports({ id: 'a', followed_at: at, seen })).toBe(0);
        expect(newReports(markSeen([follow])[0]!)).toBe(0);
      }),
    );
  });

  it('an answer: each follow takes the story that answers for it, the first answer sets what is seen, a missing one ends', () => {
    const follows: Follow[] = [
      { id: 'a', followed_at: at, seen: 2, reports: 2, story: story('a', 1) },
      { id: 'b', followed_at: at, seen: 1, story: story('b') },
      { id: 'c', followed_at: at, seen: 1, reports: 1, story: story('c') },
    ];
    // a is now led by a2 (with 5 reports); b's first answer counts 12; c is gone.
    const answer = [
      { story: story('a2', 4), follows: ['a'], reports: 5 },
      { story: story('b', 10), follows: ['b'], reports: 12 },
    ];
    const { follows: kept, ended } = adoptAnswer(follows, answer);
    expect(kept.map((follow) => [follow.id, follow.story?.id, follow.seen, newReports(follow)])).toEqual([
      ['a', 'a2', 2, 3],
      ['b', 'b', 12, 0],
    ]);
    expect(ended.map((follow) => follow.id)).toEqual(['c']);
    expect(storiesWithNewReports(kept)).toBe(1);
  });
});

describe('the ?follow= answer', () => {
  it('validates each story, reads follows and reports, and falls back to the reports it shows', () => {
    const answer = {
      stories: [
        { ...story('a', 2), follows: ['a', 'x', '', 3], reports: 9 },
        { ...story('b', 2), follows: 'b', reports: 1 },
        { ...story('c'), reports: '7' },
        { id: 'd', title: 'No url' },
        { ...story('a'), follows: ['again'], reports: 4 },
      ],
      generated_at: at,
      sources: [],
    };
    expect(followedFromAnswer(answer).map(({ story: s, follows, reports }) => [s.id, follows, reports])).toEqual([
      ['a', ['a', 'x'], 9],
      ['b', [], 3],
      ['c', [], 1],
    ]);
    expect(followedFromAnswer({ error: 'bad_follow' })).toEqual([]);
    expect(followedFromAnswer(null)).toEqual([]);
  });
});

describe('the Following view', () => {
  it('shows each last known copy under the followed id, newest followed first, and skips a follow with none yet', () => {
    const copy: Story = { id: 'leader', title: 'Harbour bridge closes', summary: '', source: 'Wire', url: 'https://news.example.org/leader', published_at: '', category: 'World' };
    const follows: Follow[] = [
      { id: 'newest', followed_at: '2026-11-28T10:00:00.000Z', seen: 2, story: copy },
      { id: 'no-copy', followed_at: '2026-11-28T09:00:00.000Z', seen: 1 },
      { id: 'oldest', followed_at: '2026-11-28T08:00:00.000Z', seen: 1, story: { ...copy, title: 'Storm damages cables' } },
    ];
    expect(followedStories(follows).map((story) => [story.id, story.title])).toEqual([
      ['newest', 'Harbour bridge closes'],
      ['oldest', 'Storm damages cables'],
    ]);
  });
});
