import { describe, expect, it } from 'vitest';
import { canonicalUrl, isHttpUrl, resolveHttpUrl, resolveUrl } from '../../supabase/functions/_shared/text/urls.ts';

describe('canonicalUrl', () => {
  it.each([
    ['https://WWW.Example.COM/Path/', 'https://www.example.com/Path'],
    ['https://example.com/a?utm_source=rss&utm_medium=feed&id=3#comments', 'https://example.com/a?id=3'],
    ['https://example.com/a?UTM_Campaign=x', 'https://example.com/a'],
    ['https://example.com/', 'https://example.com'],
    ['https://example.com', 'https://example.com'],
    ['https://example.com/a//', 'https://example.com/a'],
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
  ])('%s -> %s', (url, canonical) => {
    expect(canonicalUrl(url)).toBe(canonical);
  });

  it('makes the same article from two feeds one key', () => {
    expect(canonicalUrl('https://www.bbc.co.uk/news/world-1?at_medium=RSS&utm_source=x#top')).toBe(
      canonicalUrl('https://www.bbc.co.uk/news/world-1/?at_medium=RSS'),
    );
  });
});

describe('resolveUrl / resolveHttpUrl', () => {
  it('resolves relative references and refuses non-http schemes', () => {
    expect(resolveUrl('/a/b', 'https://example.com/x/y')).toBe('https://example.com/a/b');
    expect(resolveUrl(' c ', 'https://example.com/x/y')).toBe('https://example.com/x/c');
    expect(resolveUrl('', 'https://example.com/')).toBeUndefined();
    expect(resolveUrl('relative')).toBeUndefined();
    expect(resolveHttpUrl('javascript:alert(1)', 'https://example.com/')).toBeUndefined();
    expect(resolveHttpUrl('tag:example.com,2005:1')).toBeUndefined();
    expect(resolveHttpUrl(undefined)).toBeUndefined();
    expect(resolveHttpUrl('//cdn.example/i.png', 'https://example.com/')).toBe('https://cdn.example/i.png');
  });
});

describe('canonicalUrl: more shapes', () => {
  it.each([
    ['not a url', 'not a url'], // kept as it is
    ['https://example.com/?a=1', 'https://example.com/?a=1'],
    ['https://example.com/#x', 'https://example.com'],
    ['https://example.com/a/b/', 'https://example.com/a/b'],
    ['https://example.com/?utm_source=x', 'https://example.com'],
    ['https://example.com/a?xutm_a=1&utm=2', 'https://example.com/a?xutm_a=1&utm=2'], // only utm_ names
    ['http://EXAMPLE.com:80/a/?b=2#f', 'http://example.com/a?b=2'],
    ['https://example.com//', 'https://example.com'],
  ])('%s -> %s', (url, canonical) => {
    expect(canonicalUrl(url)).toBe(canonical);
  });
});

describe('resolveHttpUrl: only http and https', () => {
  it.each([
    ['http://x.example/y', undefined, 'http://x.example/y'],
    ['HTTPS://X.example/', undefined, 'https://x.example/'],
    ['ftp://x.example/y', undefined, undefined],
    ['y', 'ftp://x.example/', undefined],
    ['   ', 'https://x.example/', undefined],
    ['mailto:a@b.example', undefined, undefined],
  ])('%j against %j -> %j', (reference, base, resolved) => {
    expect(resolveHttpUrl(reference, base)).toBe(resolved);
  });

  it('isHttpUrl reads the scheme as written (callers pass URLs the parser has lower-cased)', () => {
    expect(isHttpUrl('http://x')).toBe(true);
    expect(isHttpUrl('https://x')).toBe(true);
    expect(isHttpUrl('httpx://x')).toBe(false);
    expect(isHttpUrl('ftp://x')).toBe(false);
    expect(isHttpUrl('tag:http://x')).toBe(false);
  });
});
