import type { CachedAnswer } from './cache.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export interface HandlerDeps {
  readonly getAnswer: () => Promise<CachedAnswer>;
  readonly now?: () => number;
  /** Where unexpected errors are reported (the caller only gets `{ "error": "internal_error" }`). */
  readonly logError?: (error: unknown) => void;
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * The HTTP face of the function: GET and POST answer the (cached) news, OPTIONS
 * answers CORS preflights, anything else is 405. The request body is ignored.
 */
export function createHandler(deps: HandlerDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    if (request.method !== 'GET' && request.method !== 'POST') {
      return json({ error: `method ${request.method} not allowed` }, 405, { Allow: 'GET, POST, OPTIONS' });
    }
    try {
      const { answer, expiresAt, hit } = await deps.getAnswer();
      const maxAge = Math.max(0, Math.floor((expiresAt - now()) / 1000));
      return json(answer, 200, {
        // Shared caches (a CDN in front of the function) may keep it as long as this instance does.
        'Cache-Control': `public, max-age=${maxAge}, s-maxage=${maxAge}`,
        'X-Cache': hit ? 'HIT' : 'MISS',
      });
    } catch (error) {
      deps.logError?.(error);
      // Details stay in the log: they may name internal hosts or files.
      return json({ error: 'internal_error' }, 500, { 'Cache-Control': 'no-store' });
    }
  };
}
