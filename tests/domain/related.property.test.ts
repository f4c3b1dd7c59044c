/**
 * A story's `related` entries (docs/product.md#the-story-and-its-validation): validated like
 * stories, at most 10 kept, none with the story's own url; bad entries never cost the story.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRelated, normalizeStories } from '../../src/domain/normalize.ts';

const OWN_URL = 'https://example.com/story';

// Each generated entry says, when generated, what it should become: a kept link or nothing.
type Labelled = { value: unknown; keep: { source: string; url: string } | null };

const goodUrl = fc.constantFrom('https://a.example/1', 'http://b.example/2?x=1', 'https://c.example/3#top', 'HTTPS://D.EXAMPLE/4');
const badUrl = fc.constantFrom('', '  ', 'javascript:alert(1)', 'data:,x', '/relative', '//proto.example/x', 'ftp://f.example/', 'https://exa mple.com', 42, null);
const goodSource = fc.constantFrom('Courier', ' Padded Herald ', 'وكالة الأنباء', 'Wire');
const badSource = fc.constantFrom('', '   ', 7, null, ['Courier']);

const entry: fc.Arbitrary<Labelled> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(goodSource, goodUrl).map(([source, url]) => ({ value: { source, url }, keep: { source: source.trim(), url } })) },
  {
    weight: 1,
    arbitrary: fc.tuple(goodSource, fc.constantFrom(' https://e.example/padded ')).map(([source, url]) => ({
      value: { source, url },
      keep: { source: source.trim(), url: url.trim() },
    })),
  },
  { weight: 1, arbitrary: goodSource.map((source) => ({ value: { source, url: OWN_URL }, keep: null })) },
  { weight: 1, arbitrary: fc.tuple(badSource, goodUrl).map(([source, url]) => ({ value: { source, url }, keep: null })) },
  { weight: 1, arbitrary: fc.tuple(goodSource, badUrl).map(([source, url]) => ({ value: { source, url }, keep: null })) },
  { weight: 1, arbitrary: goodUrl.map((url) => ({ value: { url }, keep: null })) },
  { weight: 1, arbitrary: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant([])).map((value) => ({ value, keep: null })) },
);

/** The reference model: the labelled keepers, minus repeated urls, the first 10. */
function expected(entries: readonly Labelled[]) {
  const seen = new Set<string>([OWN_URL]);
  const kept: { source: string; url: string }[] = [];
  for (const { keep } of entries) {
    if (keep === null || seen.has(keep.url) || kept.length === 10) continue;
    seen.add(keep.url);
    kept.push(keep);
  }
  return kept;
}

describe('related entries', () => {
  it('keeps exactly the valid entries, in order, without the story’s own url or repeats, at most 10', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        expect(normalizeRelated(entries.map((e) => e.value), OWN_URL)).toEqual(expected(entries));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the story a related key only when an entry survives, and never drops the story for it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(entry, { maxLength: 14 }).map((es) => ({ value: es.map((e) => e.value) as unknown, want: expected(es) })), fc.jsonValue().map((value) => ({ value, want: null }))), ({ value, want }) => {
        const [story] = normalizeStories([{ id: 'a', title: 'T', url: OWN_URL, related: value }]).stories;
        expect(story).toBeDefined();
        if (want === null) {
          // Arbitrary JSON: whatever survives is valid.
          for (const link of story!.related ?? []) {
            expect(link.source.trim()).toBe(link.source);
            expect(link.source).not.toBe('');
            expect(link.url).toMatch(/^https?:\/\//i);
            expect(link.url).not.toBe(OWN_URL);
          }
          expect((story!.related ?? []).length).toBeLessThanOrEqual(10);
        } else if (want.length === 0) {
          expect(story).not.toHaveProperty('related');
        } else {
          expect(story!.related).toEqual(want);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the first 10 of more valid entries', () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({ source: `Source ${i}`, url: `https://s${i}.example/` }));
    expect(normalizeRelated(entries, OWN_URL)).toEqual(entries.slice(0, 10));
  });

  it('compares with the story’s url as validated (trimmed)', () => {
    const { stories } = normalizeStories([
      { id: 'a', title: 'T', url: ` ${OWN_URL} `, related: [{ source: 'Self', url: OWN_URL }, { source: 'Other', url: 'https://o.example/' }] },
    ]);
    expect(stories[0]?.related).toEqual([{ source: 'Other', url: 'https://o.example/' }]);
  });

  it('ignores an inherited related value', () => {
    const item = Object.create({ related: [{ source: 'Proto', url: 'https://p.example/' }] }) as Record<string, unknown>;
    Object.assign(item, { id: 'a', title: 'T', url: OWN_URL });
    expect(normalizeStories([item]).stories[0]).not.toHaveProperty('related');
  });
});
