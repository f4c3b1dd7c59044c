import { describe, expect, it } from 'vitest';
import { normalizeStories, storiesFromAnswer } from '../../src/domain/normalize.ts';

const valid = {
  id: 'story-1',
  title: 'A title',
  summary: 'A summary.',
  source: 'The Paper',
  url: 'https://news.example.com/a',
  image: 'https://img.example.com/a.jpg',
  published_at: '2026-11-21T15:05:00Z',
  category: 'Science',
};

function only(item: unknown) {
  return normalizeStories([item]);
}

describe('normalizeStories: what is dropped', () => {
  it.each([
    ['null', null],
    ['a number', 7],
    ['a string', 'story'],
    ['a boolean', true],
    ['an array', [valid]],
  ])('drops %s as not-an-object', (_label, item) => {
    expect(only(item)).toEqual({ stories: [], dropped: [{ index: 0, reason: 'not-an-object' }] });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', ' \t\n'],
    ['a number', 1],
    ['null', null],
  ])('drops an id that is %s as missing-id', (_label, id) => {
    expect(only({ ...valid, id }).dropped).toEqual([{ index: 0, reason: 'missing-id' }]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['an array', ['A title']],
  ])('drops a title that is %s as missing-title', (_label, title) => {
    expect(only({ ...valid, title }).dropped).toEqual([{ index: 0, reason: 'missing-title' }]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '  '],
    ['an object', { href: 'https://example.com' }],
  ])('drops a url that is %s as missing-url', (_label, url) => {
    expect(only({ ...valid, url }).dropped).toEqual([{ index: 0, reason: 'missing-url' }]);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    '/relative',
    '//example.com/x',
    'ftp://example.com/x',
    'example.com/x',
    'http://',
  ])('drops the url %j as invalid-url', (url) => {
    expect(only({ ...valid, url }).dropped).toEqual([{ index: 0, reason: 'invalid-url' }]);
  });

  it('reports the first failing check', () => {
    expect(only({ title: '', url: 'javascript:x' }).dropped[0]?.reason).toBe('missing-id');
    expect(only({ id: 'x', url: 'javascript:x' }).dropped[0]?.reason).toBe('missing-title');
  });

  it('keeps the first of a repeated id and drops the later ones as duplicate-id', () => {
    const result = normalizeStories([
      { ...valid, title: 'first' },
      { ...valid, title: 'second' },
      { ...valid, id: ' story-1 ', title: 'third, same id once trimmed' },
    ]);
    expect(result.stories.map((story) => story.title)).toEqual(['first']);
    expect(result.dropped).toEqual([
      { index: 1, reason: 'duplicate-id' },
      { index: 2, reason: 'duplicate-id' },
    ]);
  });

  it('lets a valid item take an id whose earlier item was dropped', () => {
    const result = normalizeStories([{ ...valid, url: 'javascript:x' }, { ...valid, title: 'later' }]);
    expect(result.stories.map((story) => story.title)).toEqual(['later']);
    expect(result.dropped).toEqual([{ index: 0, reason: 'invalid-url' }]);
  });

  it('treats prototype names as ordinary ids', () => {
    const ids = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    const input = [...ids, ...ids].map((id) => ({ ...valid, id }));
    const result = normalizeStories(input);
    expect(result.stories.map((story) => story.id)).toEqual(ids);
    expect(result.dropped.map((item) => item.reason)).toEqual(ids.map(() => 'duplicate-id'));
  });

  it('reads only own fields, never inherited ones', () => {
    const item: unknown = JSON.parse(
      '{"__proto__": {"id": "x", "title": "t", "url": "https://example.com"}}',
    );
    expect(only(item).dropped).toEqual([{ index: 0, reason: 'missing-id' }]);
    const inherited = Object.create({ image: 'https://example.com/i.png' }) as Record<string, unknown>;
    Object.assign(inherited, valid, { image: undefined });
    expect(only(inherited).stories[0]).not.toHaveProperty('image');
  });

  it('reports holes of a sparse array as not-an-object', () => {
    const input: unknown[] = [];
    input[2] = valid;
    expect(normalizeStories(input)).toMatchObject({
      dropped: [
        { index: 0, reason: 'not-an-object' },
        { index: 1, reason: 'not-an-object' },
      ],
    });
  });
});

describe('normalizeStories: what is kept', () => {
  it('keeps a complete item as a fresh object with only the Story fields', () => {
    const input = { ...valid, extra: 'ignored', html: '<b>x</b>' };
    const [story] = only(input).stories;
    expect(story).toEqual(valid);
    expect(story).not.toBe(input);
    expect(Object.keys(story ?? {}).sort()).toEqual(Object.keys(valid).sort());
  });

  it('fills the defaults for summary, source, category and published_at', () => {
    const [story] = only({ id: 'a', title: 'T', url: 'https://www.example.com:8080/x' }).stories;
    expect(story).toEqual({
      id: 'a',
      title: 'T',
      summary: '',
      source: 'www.example.com:8080',
      url: 'https://www.example.com:8080/x',
      published_at: '',
      category: 'General',
    });
  });

  it.each([
    ['not a string', { summary: 3, source: 5, category: ['Science'], published_at: 1_700_000_000 }],
    ['null', { summary: null, source: null, category: null, published_at: null }],
    ['empty or blank', { summary: undefined, source: '  ', category: '', published_at: undefined }],
  ])('uses the defaults when the optional fields are %s', (_label, fields) => {
    const [story] = only({ ...valid, ...fields }).stories;
    expect(story).toMatchObject({
      summary: '',
      source: 'news.example.com',
      category: 'General',
      published_at: '',
    });
  });

  it.each([
    ['missing', undefined],
    ['not a string', 42],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['relative', '/img/a.png'],
    ['protocol-relative', '//img.example.com/a.png'],
    ['padded', ' https://img.example.com/a.png'],
  ])('omits an image that is %s (the property is absent)', (_label, image) => {
    const [story] = only({ ...valid, image }).stories;
    expect(story).toBeDefined();
    expect(story).not.toHaveProperty('image');
    expect(Object.keys(story ?? {})).not.toContain('image');
  });

  it('trims id, title, url, source and category, and keeps summary and published_at as given', () => {
    const [story] = only({
      id: '  a  ',
      title: '\n Title \t',
      summary: '  spaced summary  ',
      source: ' The Paper ',
      url: ' https://example.com/a ',
      published_at: ' not a date ',
      category: ' Science ',
    }).stories;
    expect(story).toEqual({
      id: 'a',
      title: 'Title',
      summary: '  spaced summary  ',
      source: 'The Paper',
      url: 'https://example.com/a',
      published_at: ' not a date ',
      category: 'Science',
    });
  });

  it('keeps text as text, markup included (the page never renders HTML)', () => {
    const [story] = only({ ...valid, title: '<img src=x onerror=alert(1)>' }).stories;
    expect(story?.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('keeps the input order', () => {
    const input = ['c', 'a', 'b'].map((id) => ({ ...valid, id }));
    expect(normalizeStories(input).stories.map((story) => story.id)).toEqual(['c', 'a', 'b']);
  });

  it('copes with huge strings', () => {
    const big = 'x'.repeat(1_000_000);
    const [story] = only({ ...valid, title: big, summary: big, url: `https://example.com/${big}` }).stories;
    expect(story?.title).toHaveLength(1_000_000);
  });
});

describe('normalizeStories and storiesFromAnswer on other inputs', () => {
  it.each([undefined, null, 0, 'stories', true, {}, { 0: valid, length: 1 }])(
    'normalizeStories(%j) is empty',
    (input) => {
      expect(normalizeStories(input)).toEqual({ stories: [], dropped: [] });
    },
  );

  it.each([undefined, null, 0, 'x', [], [{ stories: [valid] }], {}, { stories: null }, { stories: {} }])(
    'storiesFromAnswer(%j) is empty',
    (body) => {
      expect(storiesFromAnswer(body)).toEqual({ stories: [], dropped: [] });
    },
  );

  it('reads the stories of an answer and ignores its other fields', () => {
    const body = { stories: [valid, { id: 'x' }], generated_at: 'now', sources: [] };
    expect(storiesFromAnswer(body)).toEqual({
      stories: [valid],
      dropped: [{ index: 1, reason: 'missing-title' }],
    });
  });

  it('does not read an inherited stories field', () => {
    const body = Object.create({ stories: [valid] }) as unknown;
    expect(storiesFromAnswer(body)).toEqual({ stories: [], dropped: [] });
  });
});
