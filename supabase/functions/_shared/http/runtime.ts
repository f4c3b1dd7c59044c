// What the functions take from their runtime: the sources file, the store's address and pool size,
// the loopback switch; and fetch-news put together from them.
import defaultSources from '../sources.json' with { type: 'json' };
import { DEFAULT_INGEST_CONFIG, type IngestConfig } from '../ingest/config.ts';
import { ingest } from '../ingest/ingest.ts';
import type { IngestDeps } from '../ingest/refresh.ts';
import { ALLOW_LOOPBACK_ENV, type Connector, type Resolver } from '../net/guard.ts';
import { connect, type Sql } from '../store/db.ts';
import { parseSources, type Source, SourcesFileError, validateSources } from '../stories/sources-file.ts';
import { createHandler } from './fetch-news.ts';
import { pushHostsFrom, vapidFrom } from '../push/config.ts';
import { DEFAULT_PUSH_LIMITS, type PushConfig } from '../push/send.ts';

export interface FetchNewsOptions {
  readonly sql: Sql;
  readonly sources: readonly Source[];
  /** Host name -> addresses; default Deno.resolveDns. */
  readonly resolve?: Resolver;
  /** One HTTP request to a checked address; default the runtime's fetch. */
  readonly connect?: Connector;
  readonly now?: () => Date;
  readonly ingestConfig?: Partial<IngestConfig>;
  /** EdgeRuntime.waitUntil where the runtime has it. */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /** Unexpected errors (the caller only sees an error code). */
  readonly logError?: (error: unknown) => void;
  /** Why sources failed (the store only keeps the codes). */
  readonly log?: (message: string) => void;
  /** Web Push after an ingest; undefined when notifications are off. */
  readonly push?: PushConfig;
}

/** What an ingest needs, from the function's options. */
export function ingestDeps(options: Omit<FetchNewsOptions, 'sql' | 'sources' | 'waitUntil' | 'logError'>): IngestDeps {
  return {
    now: options.now ?? (() => new Date()),
    config: { ...DEFAULT_INGEST_CONFIG, ...options.ingestConfig },
    resolve: options.resolve,
    connect: options.connect,
    log: options.log,
    push: options.push,
  };
}

/** fetch-news as a request handler: answers from the store, and starts an ingest when the schedule looks broken. */
export function createFetchNews(options: FetchNewsOptions): (request: Request) => Promise<Response> {
  const deps = ingestDeps(options);
  return createHandler({
    sql: options.sql,
    now: deps.now,
    startIngest: () => ingest(options.sql, options.sources, deps),
    waitUntil: options.waitUntil,
    logError: options.logError,
  });
}

/** What the runtime offers the function: environment variables and file reading. */
export interface RuntimeEnvironment {
  readonly getEnv: (name: string) => string | undefined;
  readonly readTextFile: (path: string) => Promise<string>;
}

export const SOURCES_FILE_ENV = 'NEWS_SOURCES_FILE';
/** The store's connection string: DATABASE_URL, else SUPABASE_DB_URL (set by Supabase's hosted runtime). */
export const DATABASE_URL_ENVS = ['DATABASE_URL', 'SUPABASE_DB_URL'] as const;

export function databaseUrl(getEnv: (name: string) => string | undefined): string | undefined {
  for (const name of DATABASE_URL_ENVS) {
    const value = getEnv(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The store's connections per function instance (docs/deploy.md#the-stores-connections). */
export const POOL_SIZE_ENV = 'NEWS_DB_POOL_SIZE';
/** For a PostgreSQL server; the embedded store serves one connection, and `npm start` sets 1 for it. */
export const DEFAULT_POOL_SIZE = 5;
const MAX_POOL_SIZE = 20;

/** NEWS_DB_POOL_SIZE (1 to 20), else 5; throws, naming the variable, on anything else. */
export function poolSize(getEnv: (name: string) => string | undefined): number {
  const raw = getEnv(POOL_SIZE_ENV)?.trim();
  if (!raw) return DEFAULT_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > MAX_POOL_SIZE) throw new Error(`${POOL_SIZE_ENV} must be a whole number from 1 to ${MAX_POOL_SIZE}, got "${raw}"`);
  return size;
}

/** A pool to the store the environment names, of the size it names; undefined when it names none. */
export function connectFromEnv(getEnv: (name: string) => string | undefined): Sql | undefined {
  const url = databaseUrl(getEnv);
  return url === undefined ? undefined : connect(url, poolSize(getEnv));
}

/** NEWS_ALLOW_LOOPBACK: exactly "1" turns it on (local development and tests only). */
export function allowLoopbackFrom(getEnv: (name: string) => string | undefined): boolean {
  return getEnv(ALLOW_LOOPBACK_ENV)?.trim() === '1';
}

/**
 * The sources named by NEWS_SOURCES_FILE, else the bundled sources.json (imported,
 * so that it is part of the deployed bundle). Throws SourcesFileError.
 */
export async function loadSources(runtime: RuntimeEnvironment): Promise<Source[]> {
  const file = runtime.getEnv(SOURCES_FILE_ENV)?.trim();
  if (!file) return validateSources(defaultSources, 'supabase/functions/_shared/sources.json');
  let text: string;
  try {
    text = await runtime.readTextFile(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SourcesFileError(`${SOURCES_FILE_ENV}=${file}: cannot be read (${reason})`);
  }
  return parseSources(text, file);
}

/**
 * Web Push from the environment: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT and PUSH_SERVICE_HOSTS;
 * undefined when no VAPID key is set (notifications off). Throws, naming the variable, on a bad value.
 */
export function pushConfigFrom(getEnv: (name: string) => string | undefined): PushConfig | undefined {
  const vapid = vapidFrom(getEnv);
  return vapid === undefined ? undefined : { vapid, hosts: pushHostsFrom(getEnv), allowLoopback: allowLoopbackFrom(getEnv), ...DEFAULT_PUSH_LIMITS };
}

/** The client's address: the first X-Forwarded-For entry where a proxy in front sets one, else the connection's. */
export function clientAddress(forwardedFor: string | null, connection: string): string {
  const first = forwardedFor?.split(',')[0]?.trim();
  return first ? first.slice(0, 64) : connection;
}
