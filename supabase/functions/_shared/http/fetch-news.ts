import { newestStories, searchStories, type Sql, storeStatus, storiesById } from '../store/store.ts';
import { encodeCursor, parseNewsRequest } from './request.ts';
import type { NewsAnswer, Story } from '../story.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/**
 * How long a cache may keep serving an expired answer while it fetches a fresh one in the
 * background: a fleet of visitors costs the function one query per cache lifetime per edge,
 * and no visitor waits for it (docs/product.md#the-fetch-news-function).
 */
export const STALE_WHILE_REVALIDATE_S = 300;
/** Answers are cached until the next scheduled ingest: at most 5 minutes, at least 30 s. */
export const INGEST_INTERVAL_MS = 5 * 60_000;
const MIN_MAX_AGE_S = 30;
/** When the newest ingest is older than this, the schedule is taken as broken and an ingest is started. */
export const INGEST_STALE_MS = 15 * 60_000;
/** How many distinct requests' last answers are kept for when the store cannot be reached. */
export const KEPT_ANSWERS = 64;

export interface HandlerDeps {
  readonly sql: Sql;
  readonly now?: () => Date;
  /** Starts one ingest (the schedule looks broken); its promise is handed to `waitUntil`. */
  readonly startIngest?: () => Promise<unknown>;
  /** EdgeRuntime.waitUntil where it exists: keeps the instance alive for background work. */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /** Where unexpected errors are reported (the caller only gets an error code). */
  readonly logError?: (error: unknown) => void;
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The HTTP face of fetch-news: GET and POST answer from the store (the request body is ignored),
 * OPTIONS answers CORS preflights, anything else is 405.
 */
export function createHandler(deps: HandlerDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const kept = new Map<string, NewsAnswer>();
  let ingesting: Promise<unknown> | undefined;

  const keep = (key: string, answer: NewsAnswer): void => {
    kept.delete(key);
    kept.set(key, answer);
    if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value as string);
  };

  const ingestIfStale = (lastIngestAt: Date | undefined): void => {
    if (!deps.startIngest || ingesting) return;
    if (lastIngestAt && now().getTime() - lastIngestAt.getTime() <= INGEST_STALE_MS) return;
    ingesting = deps
      .startIngest()
      .catch((error: unknown) => deps.logError?.(error))
      .finally(() => (ingesting = undefined));
    deps.waitUntil?.(ingesting);
  };

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    if (request.method !== 'GET' && request.method !== 'POST') {
      return json({ error: `method ${request.method} not allowed` }, 405, { Allow: 'GET, POST, OPTIONS' });
    }
    const url = new URL(request.url);
    const asked = parseNewsRequest(url);
    if (asked.kind === 'error') return json({ error: asked.error }, 400, NO_STORE);
    const key = url.search;
    let answer: NewsAnswer;
    let lastIngestAt: Date | undefined;
    try {
      const status = await storeStatus(deps.sql);
      lastIngestAt = status.lastIngestAt;
      let stories: Story[];
      let next: string | undefined;
      if (asked.kind === 'ids') stories = await storiesById(deps.sql, asked.ids);
      else if (asked.kind === 'search') stories = await searchStories(deps.sql, asked.query, now());
      else {
        const page = await newestStories(deps.sql, asked.before);
        stories = page.stories;
        const last = stories.at(-1);
        if (page.more && last) next = encodeCursor({ publishedAt: new Date(last.published_at), id: last.id });
      }
      answer = { stories, generated_at: (lastIngestAt ?? now()).toISOString(), sources: status.sources, ...(next === undefined ? {} : { next }) };
    } catch (error) {
      deps.logError?.(error);
      const last = kept.get(key);
      // Details stay in the log: they may name internal hosts.
      if (last) return json({ ...last, stale: true }, 200, NO_STORE);
      return json({ error: 'store_unavailable' }, 503, NO_STORE);
    }
    keep(key, answer);
    ingestIfStale(lastIngestAt);
    const untilNextIngest = lastIngestAt ? lastIngestAt.getTime() + INGEST_INTERVAL_MS - now().getTime() : 0;
    const maxAge = Math.min(INGEST_INTERVAL_MS / 1000, Math.max(MIN_MAX_AGE_S, Math.floor(untilNextIngest / 1000)));
    return json(answer, 200, {
      // Browsers and shared caches (a CDN in front of the function) may keep it until the next
      // ingest, then serve it a while longer as they refresh it (the page calls with GET).
      'Cache-Control': `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`,
    });
  };
}
