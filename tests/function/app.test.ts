// The function wired from its parts (lib/app.ts createFetchNews), with an injected resolver and
// connector: no socket is opened. tests/function/e2e.test.ts runs the real function process.
import { describe, expect, it } from 'vitest';
import { createFetchNews } from '../../supabase/functions/fetch-news/lib/app.ts';
import type { Connector, Resolver } from '../../supabase/functions/fetch-news/lib/net/guard.ts';
import type { NewsAnswer, Source } from '../../supabase/functions/fetch-news/lib/types.ts';
import { syntheticRss } from './helpers/synthetic-feed.ts';

const resolve: Resolver = async () => ['93.184.216.34'];
const SOURCES: readonly Source[] = [
  { name: 'Alpha', url: 'https://alpha.example/feed.xml', category: 'World' },
  { name: 'Down', url: 'https://down.example/feed.xml', category: 'World' },
];

function net() {
  const requested: string[] = [];
  const connect: Connector = async ({ url }) => {
    requested.push(url);
    if (url.startsWith('https://alpha.example/')) return new Response(syntheticRss('alpha', 30), { headers: { 'content-type': 'application/rss+xml' } });
    return new Response('down', { status: 503, statusText: 'Service Unavailable' });
  };
  return { connect, requested };
}

const URL_ = 'http://127.0.0.1:54321/functions/v1/fetch-news';

describe('createFetchNews', () => {
  it('answers the news from the sources with the default limits, then from memory', async () => {
    const { connect, requested } = net();
    let clock = Date.parse('2025-06-01T12:00:00Z');
    const logged: string[] = [];
    const fetchNews = createFetchNews({ sources: SOURCES, resolve, connect, now: () => new Date(clock), log: (line) => logged.push(line) });

    const first = await fetchNews(new Request(URL_));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=300');
    const answer = (await first.json()) as NewsAnswer;
    expect(answer.generated_at).toBe('2025-06-01T12:00:00.000Z');
    expect(answer.sources).toEqual([
      { name: 'Alpha', ok: true, count: 25 },
      { name: 'Down', ok: false, count: 0, error: 'http_503' },
    ]);
    expect(answer.stories).toHaveLength(25);
    expect(logged).toEqual([expect.stringMatching(/^source "Down" \(https:\/\/down\.example\/feed\.xml\): http_503: HTTP 503 Service Unavailable/)]);

    clock += 60_000;
    const second = await fetchNews(new Request(URL_, { method: 'POST', body: '{}' }));
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=240, /);
    expect(requested).toHaveLength(2);

    clock += 240_000;
    expect((await fetchNews(new Request(URL_))).headers.get('x-cache')).toBe('MISS');
    expect(requested).toHaveLength(4);
  });

  it('applies the limits and cache lifetimes it is given over the defaults', async () => {
    const { connect } = net();
    const fetchNews = createFetchNews({
      sources: SOURCES,
      resolve,
      connect,
      now: () => new Date('2025-06-01T12:00:00Z'),
      aggregateConfig: { itemsPerSource: 4, maxStories: 3 },
      cacheConfig: { ttlMs: 90_000 },
    });
    const response = await fetchNews(new Request(URL_));
    const answer = (await response.json()) as NewsAnswer;
    expect(answer.sources[0]).toEqual({ name: 'Alpha', ok: true, count: 4 });
    expect(answer.stories).toHaveLength(3);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=90, /);
  });

  it('keeps the defaults it is not given: loopback stays refused', async () => {
    const { connect, requested } = net();
    const fetchNews = createFetchNews({
      sources: [{ name: 'Local', url: 'http://127.0.0.1:9/feed.xml', category: 'World' }],
      resolve,
      connect,
      aggregateConfig: { maxStories: 3 },
    });
    const answer = (await (await fetchNews(new Request(URL_))).json()) as NewsAnswer;
    expect(answer.sources).toEqual([{ name: 'Local', ok: false, count: 0, error: 'blocked_address' }]);
    expect(requested).toEqual([]);
  });

  it('stamps the answer with the system time by default', async () => {
    const { connect } = net();
    const before = Date.now();
    const response = await createFetchNews({ sources: SOURCES, resolve, connect })(new Request(URL_));
    const generated = Date.parse(((await response.json()) as NewsAnswer).generated_at);
    expect(generated).toBeGreaterThanOrEqual(before);
    expect(generated).toBeLessThanOrEqual(Date.now());
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=(299|300), /);
  });
});
