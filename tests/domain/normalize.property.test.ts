import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeStories, storiesFromAnswer, type NormalizeResult } from '../../src/domain/normalize.ts';

// A value for one field, with what the model expects of it decided when it is generated,
// so the expectation never comes from the code under test.
interface Labelled<T = unknown> {
  present: boolean;
  value: unknown;
  expected: T;
}

const ABSENT = Symbol('absent');

function labelled<T>(value: unknown, expected: T): Labelled<T> {
  return { present: value !== ABSENT, value, expected };
}

const junk = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

/** Required text fields: expected is the trimmed text, or null when the item must be dropped. */
const requiredText = (pool: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...pool).map((value) => labelled<string | null>(value, value.trim())),
    fc
      .string({ minLength: 1 })
      .filter((value) => value.trim() !== '')
      .map((value) => labelled<string | null>(value, value.trim())),
    fc.constantFrom('', ' ', '\t\n ').map((value) => labelled<string | null>(value, null)),
    junk.map((value) => labelled<string | null>(value, null)),
    fc.constant(labelled<string | null>(ABSENT, null)),
  );

const idField = requiredText(['a', 'b', ' a ', 'c', '__proto__', 'constructor', 'toString']);
const titleField = requiredText(['Title', ' Spaced title ']);

type UrlExpectation = { kind: 'ok'; url: string; host: string } | { kind: 'missing' } | { kind: 'invalid' };

const urlField = fc.oneof(
  fc
    .constantFrom(
      ['https://example.com/a', 'https://example.com/a', 'example.com'],
      ['http://news.example.org:8080/x?y=1#z', 'http://news.example.org:8080/x?y=1#z', 'news.example.org:8080'],
      [' https://example.com/padded ', 'https://example.com/padded', 'example.com'],
      ['https://example.com/trailing-newline\n', 'https://example.com/trailing-newline', 'example.com'],
      ['HTTPS://EXAMPLE.COM/UPPER', 'HTTPS://EXAMPLE.COM/UPPER', 'example.com'],
      ['https://user@example.net/', 'https://user@example.net/', 'example.net'],
    )
    .map(([value, url, host]) => labelled<UrlExpectation>(value, { kind: 'ok', url, host })),
  fc
    .constantFrom(
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/relative/path',
      'relative/path',
      '//example.com/protocol-relative',
      'example.com',
      'http:example.com',
      'ftp://example.com/f',
      'mailto:a@example.com',
      'http://',
      'https://exa mple.com',
      '\u0001https://example.com',
      'https://example.com/\u0000',
      'http://exam\nple.com',
    )
    .map((value) => labelled<UrlExpectation>(value, { kind: 'invalid' })),
  fc.constantFrom('', '   ').map((value) => labelled<UrlExpectation>(value, { kind: 'missing' })),
  junk.map((value) => labelled<UrlExpectation>(value, { kind: 'missing' })),
  fc.constant(labelled<UrlExpectation>(ABSENT, { kind: 'missing' })),
);

/** Optional text: expected is the value to keep, or null for the default. */
const optionalText = (pool: readonly string[], trim: boolean) =>
  fc.oneof(
    fc
      .constantFrom(...pool)
      .map((value) => labelled<string | null>(value, (trim ? value.trim() : value) || null)),
    fc.string().map((value) => labelled<string | null>(value, (trim ? value.trim() : value) || null)),
    junk.map((value) => labelled<string | null>(value, null)),
    fc.constant(labelled<string | null>(ABSENT, null)),
  );

const imageField = fc.oneof(
  fc.constantFrom('https://img.example.com/a.png', 'http://img.example.com/b.jpg').map((value) => labelled(value, true)),
  fc
    .constantFrom('javascript:alert(1)', 'data:image/png;base64,AA', '/a.png', '//img.example.com/a.png', ' https://x.com/a', '')
    .map((value) => labelled(value, false)),
  junk.map((value) => labelled(value, false)),
  fc.constant(labelled(ABSENT, false)),
);

const almostValidItem = fc.record({
  id: idField,
  title: titleField,
  url: urlField,
  summary: fc.oneof(
    fc.string().map((value) => labelled(value, value)),
    junk.map((value) => labelled(value, '')),
    fc.constant(labelled(ABSENT, '')),
  ),
  source: optionalText(['Reuters-like Wire', ' Padded Source ', '  '], true),
  category: optionalText(['Science', ' Sports ', '', '  ', 'General'], true),
  image: imageField,
  published_at: fc.oneof(
    fc.constantFrom('2026-11-21T15:05:00Z', 'yesterday', '', ' 2026-01-01 ').map((value) => labelled(value, value)),
    junk.map((value) => labelled(value, '')),
    fc.constant(labelled(ABSENT, '')),
  ),
  extra: fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined }),
});

type GeneratedItem = typeof almostValidItem extends fc.Arbitrary<infer T> ? T : never;

function toInput(item: GeneratedItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(item)) {
    if (key === 'extra') {
      if (field !== undefined) out.extra = field;
    } else if ((field as Labelled).present) {
      // defineProperty so an "__proto__" key would stay an own data property, as JSON.parse makes it.
      Object.defineProperty(out, key, { value: (field as Labelled).value, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

type Entry = { kind: 'item'; item: GeneratedItem } | { kind: 'junk'; value: unknown };

const entry: fc.Arbitrary<Entry> = fc.oneof(
  { weight: 6, arbitrary: almostValidItem.map((item) => ({ kind: 'item' as const, item })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string(), fc.array(almostValidItem.map(toInput), { maxLength: 1 }))
      .map((value) => ({ kind: 'junk' as const, value })),
  },
);

/** The reference model: docs/product.md#the-story-and-its-validation applied item by item to the labels. */
function expectedResult(entries: readonly Entry[]): NormalizeResult {
  const result: NormalizeResult = { stories: [], dropped: [] };
  const seen: string[] = [];
  entries.forEach((e, index) => {
    if (e.kind === 'junk') return result.dropped.push({ index, reason: 'not-an-object' });
    const { item } = e;
    const id = item.id.expected;
    const title = item.title.expected;
    const url = item.url.expected;
    if (id === null) return result.dropped.push({ index, reason: 'missing-id' });
    if (title === null) return result.dropped.push({ index, reason: 'missing-title' });
    if (url.kind === 'missing') return result.dropped.push({ index, reason: 'missing-url' });
    if (url.kind === 'invalid') return result.dropped.push({ index, reason: 'invalid-url' });
    if (seen.includes(id)) return result.dropped.push({ index, reason: 'duplicate-id' });
    seen.push(id);
    result.stories.push({
      id,
      title,
      summary: item.summary.expected,
      source: item.source.expected ?? url.host,
      url: url.url,
      ...(item.image.expected ? { image: item.image.value as string } : {}),
      published_at: item.published_at.expected,
      category: item.category.expected ?? 'General',
    });
    return undefined;
  });
  return result;
}

const STORY_KEYS = ['category', 'id', 'image', 'published_at', 'source', 'summary', 'title', 'url'];

function isAbsoluteHttp(value: unknown): boolean {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** What the validation rules promise about any result, whatever the input. */
function expectContract(input: unknown, result: NormalizeResult): void {
  const ids = new Set<string>();
  for (const story of result.stories) {
    for (const key of ['id', 'title'] as const) {
      expect(typeof story[key]).toBe('string');
      expect(story[key].trim()).toBe(story[key]);
      expect(story[key]).not.toBe('');
    }
    expect(isAbsoluteHttp(story.url)).toBe(true);
    if ('image' in story) expect(isAbsoluteHttp(story.image)).toBe(true);
    expect(typeof story.category).toBe('string');
    expect(story.category.trim()).not.toBe('');
    expect(story.source.trim()).not.toBe('');
    expect(typeof story.summary).toBe('string');
    expect(typeof story.published_at).toBe('string');
    for (const key of Object.keys(story)) expect(STORY_KEYS).toContain(key);
    expect(ids.has(story.id)).toBe(false);
    ids.add(story.id);
  }
  if (!Array.isArray(input)) {
    expect(result).toEqual({ stories: [], dropped: [] });
    return;
  }
  expect(result.dropped.length + result.stories.length).toBe(input.length);
  const droppedIndices = result.dropped.map((item) => item.index);
  expect(droppedIndices).toEqual([...new Set(droppedIndices)].sort((a, b) => a - b));
  const survivors = input.filter((_item, index) => !droppedIndices.includes(index));
  expect(survivors.map((item) => (item as { id: string }).id.trim())).toEqual(result.stories.map((story) => story.id));
}

describe('normalizeStories properties', () => {
  it('matches the reference model on almost-valid feeds', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const input = entries.map((e) => (e.kind === 'junk' ? e.value : toInput(e.item)));
        const result = normalizeStories(input);
        expect(result).toEqual(expectedResult(entries));
        expectContract(input, result);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on any JSON value and always keeps the contract', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expectContract(value, normalizeStories(value));
        expectContract([], storiesFromAnswer(value));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arrays of loosely story-shaped JSON', () => {
    const looseItem = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(
        fc.constantFrom('id', 'title', 'url', 'image', 'source', 'summary', 'category', 'published_at', '__proto__', 'constructor'),
        fc.oneof(
          fc.jsonValue({ maxDepth: 1 }),
          fc.constantFrom('https://example.com/x', 'javascript:alert(1)', 'data:,x', '//example.com', 'a', ' '),
        ),
      ),
    );
    fc.assert(
      fc.property(fc.array(looseItem, { maxLength: 20 }), (input) => {
        const parsed: unknown = JSON.parse(JSON.stringify(input));
        expectContract(parsed, normalizeStories(parsed));
        expectContract(parsed, storiesFromAnswer({ stories: parsed, generated_at: 'x' }));
      }),
      { numRuns: 500 },
    );
  });

  it('with a limit, keeps the first stories of the whole answer and reports only the drops before the last of them', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.nat(14), (entries, limit) => {
        const input = entries.map((e) => (e.kind === 'junk' ? e.value : toInput(e.item)));
        const whole = normalizeStories(input);
        const first = normalizeStories(input, limit);
        expect(first.stories).toEqual(whole.stories.slice(0, limit));
        expect(storiesFromAnswer({ stories: input }, limit)).toEqual(first);
        // Validation stops at the limit-th kept story: the drops after it are not looked for.
        const lastKept = limit === 0 ? 0 : first.stories.length < limit ? input.length : indexOfKept(whole, input, limit);
        expect(first.dropped).toEqual(whole.dropped.filter((drop) => drop.index < lastKept));
      }),
      { numRuns: 500 },
    );
  });
});

/** The position in `input` of the `count`-th story kept (1-based count). */
function indexOfKept(whole: ReturnType<typeof normalizeStories>, input: readonly unknown[], count: number): number {
  const dropped = new Set(whole.dropped.map((drop) => drop.index));
  let kept = 0;
  for (let index = 0; index < input.length; index += 1) {
    if (dropped.has(index)) continue;
    kept += 1;
    if (kept === count) return index;
  }
  return input.length;
}
