/**
 * fetch-news's HTTP face (docs/product.md#the-fetch-news-function): GET and POST answer from the
 * store (the request body is ignored), OPTIONS answers CORS preflights, anything else is 405.
 * Answers are kept in memory, as the bytes sent, for as long as the store's generation stays the
 * same; the generation is read at most once a second, by one query that every request waiting
 * shares (docs/performance-function.md).
 */
import type { Db } from '../store/db.ts';
import { sourceStatuses } from '../store/sources.ts';
import { type IngestState, readIngestState } from '../store/state.ts';
import { followedStories } from '../store/follows.ts';
import { newestStories, searchStories, storiesById, storyCoverage } from '../store/stories.ts';
import type { NewsAnswer, Story, StoryCoverage } from '../story.ts';
import { encodeCursor, type NewsRequest, parseNewsRequest } from './request.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/**
 * How long a cache may keep serving an expired answer while it fetches a fresh one in the
 * background: a fleet of visitors costs the function one request per cache lifetime per edge,
 * and no visitor waits for it (docs/product.md#the-fetch-news-function).
 */
export const STALE_WHILE_REVALIDATE_S = 300;
/** Answers are cached until the next run is due (work_policy.run_every after the last start), at least 30 s. */
const MIN_MAX_AGE_S = 30;
/** When the newest ingest started longer ago than this, the schedule is taken as broken and an ingest is started. */
export const INGEST_STALE_MS = 15 * 60_000;
/** The store's generation is read again at most this often. */
export const RECHECK_MS = 1_000;
/**
 * The answers' shape: part of every ETag, so that a deploy that changes what an answer holds never
 * answers 304 for an answer of the old shape. Bump it with any such change.
 */
export const ANSWER_VERSION = 2;
/** How many answers (by request) are kept in memory; the least recently used goes first. */
export const KEPT_ANSWERS = 64;

export interface HandlerDeps {
  readonly sql: Db;
  readonly now?: () => Date;
  /** Starts one ingest (the schedule looks broken); its promise is handed to `waitUntil`. */
  readonly startIngest?: () => Promise<unknown>;
  /** EdgeRuntime.waitUntil where it exists: keeps the instance alive for background work. */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /** Where unexpected errors are reported (the caller only gets an error code). */
  readonly logError?: (error: unknown) => void;
}

/** An answer as sent, for one generation of the store. */
interface Kept {
  readonly generation: string;
  readonly etag: string;
  readonly body: Uint8Array<ArrayBuffer>;
}

type Asked = Exclude<NewsRequest, { kind: 'error' }>;
/** The requests answered by a list of stories (NewsAnswer). */
type Listed = Exclude<Asked, { kind: 'story' }>;

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
const NO_STORE = { 'Cache-Control': 'no-store' };
const encoder = new TextEncoder();
const STALE_TAIL = encoder.encode(',"stale":true}');

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CORS_HEADERS, ...JSON_TYPE, ...headers } });
}

/**
 * A weak tag (the answer is the same in meaning for a generation, not always to the byte: a search's
 * 30 days move on, and a cache in front may compress it); the start time tells apart two stores that
 * reached the same generation.
 */
function etagOf(state: IngestState): string {
  return `W/"v${ANSWER_VERSION}-${state.generation}-${(state.startedAt?.getTime() ?? 0).toString(36)}"`;
}

/** If-None-Match's weak comparison (RFC 9110): any listed tag with the same opaque value, or "*". */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === opaque || trimmed === etag;
  });
}

/** The answer kept for a request, marked stale: `{ ..., "stale": true }`. */
function staleBody(body: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const stale = new Uint8Array(body.length - 1 + STALE_TAIL.length);
  stale.set(body.subarray(0, body.length - 1));
  stale.set(STALE_TAIL, body.length - 1);
  return stale;
}

export function createHandler(deps: HandlerDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const kept = new Map<string, Kept>();
  const building = new Map<string, Promise<Kept | undefined>>();
  let known: { readonly state: IngestState; readonly at: number } | undefined;
  let checking: Promise<IngestState> | undefined;
  let ingesting: Promise<unknown> | undefined;

  const ingestIfStale = (state: IngestState): void => {
    if (!deps.startIngest || ingesting) return;
    if (state.startedAt && now().getTime() - state.startedAt.getTime() <= INGEST_STALE_MS) return;
    // The ingest records its start first: once it has, no request here or elsewhere starts another.
    ingesting = deps
      .startIngest()
      .catch((error: unknown) => deps.logError?.(error))
      .finally(() => {
        ingesting = undefined;
        known = undefined;
      });
    deps.waitUntil?.(ingesting);
  };

  const currentState = (): Promise<IngestState> => {
    if (known && now().getTime() - known.at < RECHECK_MS) return Promise.resolve(known.state);
    checking ??= readIngestState(deps.sql)
      .then((state) => {
        known = { state, at: now().getTime() };
        ingestIfStale(state);
        return state;
      })
      .finally(() => (checking = undefined));
    return checking;
  };

  const storiesFor = async (asked: Listed): Promise<{ stories: Story[]; next?: string }> => {
    if (asked.kind === 'ids') return { stories: await storiesById(deps.sql, asked.ids) };
    if (asked.kind === 'follow') return { stories: await followedStories(deps.sql, asked.ids) };
    if (asked.kind === 'search') return { stories: await searchStories(deps.sql, asked.query, now()) };
    const page = await newestStories(deps.sql, asked.before);
    const last = page.stories.at(-1);
    return page.more && last ? { stories: page.stories, next: encodeCursor({ publishedAt: new Date(last.published_at), id: last.id }) } : { stories: page.stories };
  };

  /** The answer for a generation; undefined when the asked story is not in the store (a 404). */
  const answerOf = async (asked: Asked, generatedAt: string): Promise<NewsAnswer | StoryCoverage | undefined> => {
    if (asked.kind === 'story') {
      const coverage = await storyCoverage(deps.sql, asked.id, asked.after);
      if (!coverage) return undefined;
      const { more, ...answer } = coverage;
      const last = answer.reports.at(-1);
      return { ...answer, generated_at: generatedAt, ...(more && last ? { next: encodeCursor({ publishedAt: new Date(last.published_at), id: last.id }) } : {}) };
    }
    const [sources, { stories, next }] = await Promise.all([sourceStatuses(deps.sql), storiesFor(asked)]);
    return { stories, generated_at: generatedAt, sources, ...(next === undefined ? {} : { next }) };
  };

  const build = async (asked: Asked, state: IngestState): Promise<Kept | undefined> => {
    const answer = await answerOf(asked, (state.startedAt ?? now()).toISOString());
    return answer && { generation: state.generation, etag: etagOf(state), body: encoder.encode(JSON.stringify(answer)) };
  };

  /** Keeps a request's answer for a generation; none (a story now gone) forgets the one kept, so it is never served stale. */
  const keep = (key: string, generation: string, answer: Kept | undefined): void => {
    const current = kept.get(key);
    // A slow build for an older generation never replaces a newer answer.
    if (current && BigInt(current.generation) > BigInt(generation)) return;
    kept.delete(key);
    if (!answer) return;
    kept.set(key, answer);
    if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value as string);
  };

  const answerFor = (key: string, asked: Asked, state: IngestState): Promise<Kept | undefined> => {
    const hit = kept.get(key);
    if (hit?.generation === state.generation) {
      kept.delete(key);
      kept.set(key, hit);
      return Promise.resolve(hit);
    }
    // One build per request and generation, whatever the number of requests waiting for it.
    const job = `${state.generation} ${key}`;
    let pending = building.get(job);
    if (!pending) {
      pending = build(asked, state)
        .then((answer) => {
          keep(key, state.generation, answer);
          return answer;
        })
        .finally(() => building.delete(job));
      building.set(job, pending);
    }
    return pending;
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
    let state: IngestState;
    let answer: Kept | undefined;
    try {
      state = await currentState();
      answer = await answerFor(key, asked, state);
    } catch (error) {
      deps.logError?.(error);
      const last = kept.get(key);
      // Details stay in the log: they may name internal hosts.
      if (last) return new Response(staleBody(last.body), { status: 200, headers: { ...CORS_HEADERS, ...JSON_TYPE, ...NO_STORE } });
      return json({ error: 'store_unavailable' }, 503, NO_STORE);
    }
    if (!answer) return json({ error: 'not_found' }, 404, NO_STORE);
    const untilNextRun = state.startedAt ? state.startedAt.getTime() + state.runEveryMs - now().getTime() : 0;
    const maxAge = Math.min(state.runEveryMs / 1000, Math.max(MIN_MAX_AGE_S, Math.floor(untilNextRun / 1000)));
    const headers = {
      ...CORS_HEADERS,
      // Browsers and shared caches (a CDN in front of the function) may keep it until the next
      // run is due, then serve it a while longer as they revalidate it with its ETag.
      'Cache-Control': `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`,
      ETag: answer.etag,
    };
    if (request.method === 'GET' && matches(request.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
    return new Response(answer.body, { status: 200, headers: { ...headers, ...JSON_TYPE } });
  };
}
