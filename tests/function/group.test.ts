/**
 * Several sources, one story: the function's grouping of reports of the same event
 * (docs/product.md#the-fetch-news-function). Unit tests at each threshold's edge, and
 * properties over generated feeds: the input order never matters, a group never holds two
 * items of one source, and no item is ever lost.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enoughOverlap, groupStories, significantWords } from '../../supabase/functions/_shared/stories/group.ts';
import type { Story } from '../../supabase/functions/_shared/story.ts';

/** At most 10 related entries per story (docs/product.md#several-sources-one-story). */
const RELATED_KEPT = 10;

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;

let counter = 0;
function story(source: string, title: string, at: number = T0, extra: Partial<Story> = {}): Story {
  counter += 1;
  return {
    id: `id${counter}`,
    title,
    summary: '',
    source,
    url: `https://${source.toLowerCase().replace(/\W/g, '')}.example/${counter}`,
    published_at: new Date(at).toISOString(),
    category: 'World',
    ...extra,
  };
}

/** Titles with the given distinct words, `shared` of them common, each title padded with its own. */
function titles(shared: number, onlyA: number, onlyB: number): [string, string] {
  const common = ['volcano', 'erupts', 'island', 'villages', 'evacuated', 'ash', 'cloud', 'flights', 'grounded', 'airport', 'lava', 'flows', 'coast', 'roads'].slice(0, shared);
  const a = Array.from({ length: onlyA }, (_, i) => `alpha${String.fromCharCode(97 + i)}`);
  const b = Array.from({ length: onlyB }, (_, i) => `beta${String.fromCharCode(97 + i)}`);
  if (common.length < shared) throw new Error('not enough common words');
  return [[...common, ...a].join(' '), [...b, ...common].join(' ')];
}

function groupsOf(result: readonly Story[]): Map<string, string[]> {
  return new Map(result.map((s) => [s.url, (s.related ?? []).map((r) => r.url)]));
}

describe('significant words', () => {
  it('lowercases, removes punctuation, drops stop words and numbers', () => {
    expect(significantWords('The Mars-Rover finds WATER: 3 new “clues” in 2026, and 10th sample!')).toEqual([
      'marsrover',
      'finds',
      'water',
      'new',
      'clues',
      'sample',
    ]);
  });

  it('joins words across apostrophes and counts each word once', () => {
    expect(significantWords("NASA's rover, the rover's arm")).toEqual(['nasas', 'rover', 'rovers', 'arm']);
  });

  it('drops every English stop word, and "says" and "said"', () => {
    const stopWords =
      'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
      'can could did do does doing down during each few for from further had has have having he her here hers herself him himself ' +
      'his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ' +
      'ourselves out over own same she should so some such than that the their theirs them themselves then there these they this ' +
      'those through to too under until up very was we were what when where which while who whom why will with would you your ' +
      'yours yourself yourselves says said';
    expect(significantWords(stopWords)).toEqual([]);
    expect(significantWords(`${stopWords.toUpperCase()} volcano`)).toEqual(['volcano']);
  });

  it('splits on any whitespace only (punctuation between letters joins them), and drops ordinals and decades only when all digits lead', () => {
    expect(significantWords('tab\there\nline\u00a0nbsp')).toEqual(['tab', 'line', 'nbsp']);
    expect(significantWords('rock—and…roll+jazz U.S. — COVID-19 (today)')).toEqual(['rockandrolljazz', 'us', 'covid19', 'today']);
    expect(significantWords('1st 2nd 3rd 4th 1990s 12 ٣ x1st 1sts 5g 2nds')).toEqual(['x1st', '1sts', '5g', '2nds']);
    expect(significantWords('can‘t won’t don\u02bct isn`t')).toEqual(['cant', 'wont', 'dont', 'isnt']);
  });

  it('makes no empty word of leading or trailing punctuation and space', () => {
    expect(significantWords(' “Quoted” headline… ')).toEqual(['quoted', 'headline']);
  });

  it('keeps words of any script', () => {
    expect(significantWords('افتتاح معرض الكتاب في المدينة القديمة')).toHaveLength(6);
  });
});

describe('grouping rule', () => {
  it('groups two sources reporting the same event under the earliest report', () => {
    const late = story('Courier', 'Storm repairs finish early as harbour bridge reopens to traffic', T0 + 6 * HOUR);
    const early = story('Gazette', 'Harbour bridge reopens after storm repairs finish early', T0);
    const other = story('Gazette', 'Marathon record falls in cold rain this weekend', T0 + HOUR);
    const result = groupStories([late, other, early]);
    expect(result).toEqual([other, { ...early, related: [{ source: 'Courier', url: late.url }] }]);
  });

  it('needs at least 5 significant words in each title (4 do not group)', () => {
    const [a4, b4] = titles(4, 0, 0);
    expect(groupStories([story('A', a4), story('B', b4)])).toHaveLength(2);
    const [a5, b5] = titles(5, 0, 0);
    expect(groupStories([story('A', a5), story('B', b5)])).toHaveLength(1);
    // Stop words and numbers do not make up the count.
    expect(groupStories([story('A', `The ${a4} in 2026`), story('B', `${b4} of the 10`)])).toHaveLength(2);
  });

  it('needs at least 3 shared words (2 do not group)', () => {
    const [a2, b2] = titles(2, 3, 3);
    expect(groupStories([story('A', a2), story('B', b2)])).toHaveLength(2);
    const [a3, b3] = titles(3, 2, 2);
    expect(groupStories([story('A', a3), story('B', b3)])).toHaveLength(1);
  });

  it('needs the shared words to be at least 60% of the shorter title (59% does not group)', () => {
    // 6 of 10: exactly 60%.
    const [a60, b60] = titles(6, 4, 4);
    expect(groupStories([story('A', a60), story('B', b60)])).toHaveLength(1);
    // 13 of 22: 59.1%.
    const [a59, b59] = titles(13, 9, 9);
    expect(significantWords(a59)).toHaveLength(22);
    expect(groupStories([story('A', a59), story('B', b59)])).toHaveLength(2);
    // The shorter title decides: 3 of 5 is enough even beside a title of 20 words.
    const [short, long] = titles(3, 2, 17);
    expect(groupStories([story('A', short), story('B', long)])).toHaveLength(1);
  });

  it('needs 3 shared words even between short word lists (enoughOverlap)', () => {
    expect(enoughOverlap(2, 3, 3)).toBe(false);
    expect(enoughOverlap(3, 3, 3)).toBe(true);
    expect(enoughOverlap(3, 5, 20)).toBe(true);
    expect(enoughOverlap(3, 6, 6)).toBe(false);
  });

  it('needs the two to be published within 48 hours of each other (inclusive)', () => {
    const [a, b] = titles(5, 0, 0);
    expect(groupStories([story('A', a, T0), story('B', b, T0 + 48 * HOUR)])).toHaveLength(1);
    expect(groupStories([story('A', a, T0), story('B', b, T0 + 48 * HOUR + 1)])).toHaveLength(2);
    expect(groupStories([story('A', a, T0 + 48 * HOUR + 1), story('B', b, T0)])).toHaveLength(2);
  });

  it('never groups two items of one source', () => {
    const [a, b] = titles(6, 0, 0);
    expect(groupStories([story('A', a), story('A', b, T0 + HOUR)])).toHaveLength(2);
  });

  it('takes at most one item per source into a group; the other stays a story', () => {
    const [a, b] = titles(6, 0, 0);
    const first = story('A', a, T0);
    const fromB = story('B', b, T0 + HOUR);
    const againB = story('B', `${b} update`, T0 + 2 * HOUR);
    const result = groupStories([first, fromB, againB]);
    expect(result).toEqual([{ ...first, related: [{ source: 'B', url: fromB.url }] }, againB]);
  });

  it('offers the group its candidates earliest first, whichever of its words they share', () => {
    const first = story('A', 'volcano erupts island villages evacuated', T0);
    // Shares the first three words, and is published later ...
    const later = story('B', 'volcano erupts island alphaa alphab', T0 + 2 * HOUR);
    // ... than this report of the same source, which shares the last three.
    const earlier = story('B', 'island villages evacuated betaa betab', T0 + HOUR);
    const result = groupStories([first, later, earlier]);
    expect(result).toEqual([{ ...first, related: [{ source: 'B', url: earlier.url }] }, later]);
  });

  it('leaves out titles without a date, and a report of the representative’s own url', () => {
    const [a, b] = titles(6, 0, 0);
    const undated = story('B', b, T0, { published_at: 'not a date' });
    const first = story('A', a, T0);
    const sameUrl = story('C', b, T0 + HOUR, { url: first.url });
    expect(groupStories([first, undated, sameUrl])).toEqual([first, undated, sameUrl]);
  });

  it(`keeps at most ${RELATED_KEPT} related entries, earliest first; the rest stay stories`, () => {
    const [a] = titles(6, 0, 0);
    const items = Array.from({ length: RELATED_KEPT + 3 }, (_, i) => story(`Source ${i}`, a, T0 + i * HOUR));
    const result = groupStories([...items].reverse());
    const representative = result.find((s) => s.url === items[0]!.url);
    expect(representative?.related?.map((r) => r.url)).toEqual(items.slice(1, RELATED_KEPT + 1).map((s) => s.url));
    // The two left over group with each other.
    expect(result).toHaveLength(2);
    expect(result.find((s) => s.url === items[RELATED_KEPT + 1]!.url)?.related).toEqual([
      { source: `Source ${RELATED_KEPT + 2}`, url: items[RELATED_KEPT + 2]!.url },
    ]);
  });

  it('returns stories that group with nothing unchanged and without a related key', () => {
    const lone = story('A', 'Comet Lumen brightens ahead of schedule tonight');
    const [only] = groupStories([lone]);
    expect(only).toBe(lone);
    expect(only).not.toHaveProperty('related');
  });
});

// Property tests: titles drawn from a small vocabulary so that many pairs are the same event.
const VOCABULARY = ['storm', 'bridge', 'harbour', 'reopens', 'repairs', 'finish', 'early', 'traffic', 'city', 'council', 'vote', 'budget'];
const FILLER = ['the', 'a', 'of', 'in', '2026', '10th'];
const SOURCES = ['Gazette', 'Courier', 'Herald', 'Wire'];

const generatedStories = fc
  .array(
    fc.record({
      source: fc.constantFrom(...SOURCES),
      words: fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 3, maxLength: 9 }),
      filler: fc.subarray(FILLER),
      hours: fc.integer({ min: 0, max: 120 }),
      sameTime: fc.boolean(),
    }),
    { maxLength: 24 },
  )
  .map((items) =>
    items.map((item, index): Story => ({
      id: `s${index}`,
      title: [...item.words, ...item.filler].join(' '),
      summary: '',
      source: item.source,
      url: `https://news.example/${index}`,
      published_at: new Date(T0 + (item.sameTime ? 0 : item.hours * HOUR)).toISOString(),
      category: 'World',
    })),
  );

/** The rule, independently: the vocabulary has no punctuation, and the filler is all stop words and numbers. */
function sameEvent(a: Story, b: Story): boolean {
  const words = (s: Story) => new Set(s.title.split(' ').filter((w) => VOCABULARY.includes(w)));
  const x = words(a);
  const y = words(b);
  const shared = [...x].filter((w) => y.has(w)).length;
  const gap = Math.abs(Date.parse(a.published_at) - Date.parse(b.published_at));
  return a.source !== b.source && x.size >= 5 && y.size >= 5 && shared >= 3 && shared / Math.min(x.size, y.size) >= 0.6 && gap <= 48 * HOUR;
}

describe('reports published at the same moment', () => {
  const [titleA, titleB] = titles(6, 0, 0);
  const base: Story = {
    id: 'id-a',
    title: titleA,
    summary: 'summary',
    source: 'A',
    url: 'https://a.example/1',
    published_at: '2026-03-01T12:00:00.000Z',
    category: 'World',
  };
  // Two reports from one source that differ in one field only; the one that sorts first by that
  // field represents the group whatever the input order.
  const variants: [string, Partial<Story>, Partial<Story>][] = [
    ['source', { source: 'A1' }, { source: 'A2' }],
    ['url', { url: 'https://a.example/1' }, { url: 'https://a.example/2' }],
    ['id', { id: 'id-1' }, { id: 'id-2' }],
    ['title', { title: titleA.toUpperCase() }, { title: titleA }], // code-unit order: capitals first
    ['summary', { summary: '' }, { summary: 'more' }],
    ['category', { category: 'Science' }, { category: 'World' }],
    ['published_at', { published_at: '2026-03-01T12:00:00.000Z' }, { published_at: '2026-03-01T12:00:00Z' }],
    ['image', {}, { image: 'https://a.example/i.jpg' }],
  ];

  it.each(variants)('are ordered by %s when all else is equal', (_field, first, second) => {
    const a = { ...base, ...first };
    const b = { ...base, ...second };
    const other: Story = { ...base, id: 'id-b', title: titleB, source: 'B', url: 'https://b.example/1', published_at: '2026-03-01T13:00:00.000Z' };
    const expected = { ...a, related: [{ source: 'B', url: other.url }] };
    expect(groupStories([a, b, other])).toEqual([expected, b]);
    expect(groupStories([b, a, other])).toEqual([b, expected]);
    expect(groupStories([other, b, a])).toEqual([b, expected]);
  });

  it('are the same when all fields are equal', () => {
    const other: Story = { ...base, id: 'id-b', title: titleB, source: 'B', url: 'https://b.example/1' };
    expect(groupStories([base, { ...base }, other])).toEqual([{ ...base, related: [{ source: 'B', url: other.url }] }, base]);
  });
});

describe('grouping properties', () => {
  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(
        generatedStories.chain((stories) => fc.tuple(fc.constant(stories), fc.shuffledSubarray(stories, { minLength: stories.length }))),
        ([stories, shuffled]) => {
          expect(groupsOf(groupStories(shuffled))).toEqual(groupsOf(groupStories(stories)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never groups two items of one source, and every member is the same event as its earliest representative', () => {
    fc.assert(
      fc.property(generatedStories, (stories) => {
        const byUrl = new Map(stories.map((s) => [s.url, s]));
        for (const representative of groupStories(stories)) {
          const members = (representative.related ?? []).map((r) => byUrl.get(r.url)!);
          const sources = [representative.source, ...members.map((m) => m.source)];
          expect(new Set(sources).size).toBe(sources.length);
          for (const member of members) {
            expect(sameEvent(representative, member)).toBe(true);
            expect(Date.parse(member.published_at)).toBeGreaterThanOrEqual(Date.parse(representative.published_at));
            expect(representative.related).toContainEqual({ source: member.source, url: member.url });
          }
          expect(members.length).toBeLessThanOrEqual(RELATED_KEPT);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never loses an item: each input url is a story or a related entry of one, exactly once', () => {
    fc.assert(
      fc.property(generatedStories, (stories) => {
        const result = groupStories(stories);
        const urls = result.flatMap((s) => [s.url, ...(s.related ?? []).map((r) => r.url)]);
        expect(urls.sort()).toEqual(stories.map((s) => s.url).sort());
        // Stories keep the input's relative order.
        const positions = result.map((s) => stories.findIndex((input) => input.url === s.url));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no two stories that are the same event when either could still take the other', () => {
    fc.assert(
      fc.property(generatedStories, (stories) => {
        const result = groupStories(stories);
        const lone = result.filter((s) => s.related === undefined);
        // Two stories left alone, neither in a group: they would have been grouped.
        for (const a of lone) for (const b of lone) if (a !== b) expect(sameEvent(a, b)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
