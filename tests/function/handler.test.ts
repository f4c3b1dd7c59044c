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

  it.each(['GET', 'POST'])('answers %s with the news as JSON, cacheable for the remaining lifetime', async (method) => {
    const response = await handler(cached(false))(new Request(URL_, { method, body: method === 'POST' ? '{}' : undefined }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(ANSWER);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
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
