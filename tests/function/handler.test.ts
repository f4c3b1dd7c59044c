import { describe, expect, it } from 'vitest';
import type { CachedAnswer } from '../../supabase/functions/fetch-news/lib/cache.ts';
import { createHandler } from '../../supabase/functions/fetch-news/lib/handler.ts';

const ANSWER = { stories: [], generated_at: '2025-01-01T00:00:00.000Z', sources: [] };
const URL_ = 'http://127.0.0.1:54321/functions/v1/fetch-news';

function handler(getAnswer: () => Promise<CachedAnswer>, logged: unknown[] = []) {
  return createHandler({ getAnswer, now: () => 1_000_000, logError: (error) => logged.push(error) });
}

const cached = (hit: boolean): (() => Promise<CachedAnswer>) => async () => ({ answer: ANSWER, expiresAt: 1_300_000, hit });

describe('the HTTP handler', () => {
  it('answers a CORS preflight for supabase-js', async () => {
    const response = await handler(cached(true))(
      new Request(URL_, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-client-info, apikey, content-type' },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    for (const header of ['authorization', 'x-client-info', 'apikey', 'content-type']) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header);
    }
  });

  it('answers the preflight of the page\'s GET, which sends apikey and Authorization', async () => {
    const response = await handler(cached(true))(
      new Request(URL_, {
        method: 'OPTIONS',
        headers: { origin: 'https://news.example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization' },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((name) => name.trim());
    expect(allowed).toEqual(expect.arrayContaining(['apikey', 'authorization']));
  });

  it.each(['GET', 'POST'])('answers %s with the news as JSON, cacheable for the remaining lifetime, then stale while it is refreshed', async (method) => {
    const response = await handler(cached(false))(new Request(URL_, { method, body: method === 'POST' ? '{}' : undefined }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(ANSWER);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-cache')).toBe('MISS');
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('refuses %s with 405 and a JSON error', async (method) => {
    const response = await handler(cached(true))(new Request(URL_, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(await response.json()).toEqual({ error: `method ${method} not allowed` });
  });

  it('turns an unexpected failure into 500 { error: "internal_error" } and logs the details', async () => {
    const logged: unknown[] = [];
    const failure = new Error('cannot read /etc/secret on 10.0.0.5');
    const response = await handler(() => Promise.reject(failure), logged)(new Request(URL_));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'internal_error' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(logged).toEqual([failure]);
  });
});

describe('the HTTP handler: headers and lifetimes', () => {
  it('lets browsers keep the preflight for a day and allows the headers the page sends', async () => {
    const response = await handler(cached(true))(new Request(URL_, { method: 'OPTIONS' }));
    expect(await response.text()).toBe('');
    expect(Object.fromEntries(response.headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-max-age': '86400',
    });
  });

  it('marks an answer served from memory as a HIT', async () => {
    const response = await handler(cached(true))(new Request(URL_));
    expect(response.headers.get('x-cache')).toBe('HIT');
  });

  it.each([
    [1_300_000, 300],
    [1_001_999, 1], // whole seconds, rounded down
    [1_000_999, 0],
    [1_000_000, 0],
    [990_000, 0], // already expired: never a negative age
  ])('an answer expiring at %i (now 1,000,000) may be cached %i s', async (expiresAt, maxAge) => {
    const response = await handler(async () => ({ answer: ANSWER, expiresAt, hit: true }))(new Request(URL_));
    expect(response.headers.get('cache-control')).toBe(`public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=300`);
  });

  it('counts the remaining lifetime on the system clock by default', async () => {
    const expiresAt = Date.now() + 120_500;
    const response = await createHandler({ getAnswer: async () => ({ answer: ANSWER, expiresAt, hit: false }) })(new Request(URL_));
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=(119|120), s-maxage=(119|120), /);
  });

  it('gives refusals and failures the CORS headers and a JSON type too, so the page can read them', async () => {
    const refused = await handler(cached(true))(new Request(URL_, { method: 'PUT' }));
    const failed = await handler(() => Promise.reject(new Error('x')))(new Request(URL_));
    for (const response of [refused, failed]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('answers 500 even with no error log configured', async () => {
    const response = await createHandler({ getAnswer: () => Promise.reject(new Error('x')), now: () => 0 })(new Request(URL_));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'internal_error' });
  });
});
