import defaultSources from '../sources.json' with { type: 'json' };
import { ingest } from '../ingest/ingest.ts';
import type { Sql } from '../store/store.ts';
import type { AggregateDeps } from '../ingest/refresh.ts';
import { type AggregateConfig, DEFAULT_AGGREGATE_CONFIG } from '../ingest/config.ts';
import { createHandler } from './fetch-news.ts';
import { parseSources, SourcesFileError, validateSources } from '../stories/sources.ts';
import type { Connector, Resolver } from '../net/guard.ts';
import type { Source } from '../stories/sources.ts';

export interface FetchNewsOptions {
  readonly sql: Sql;
  readonly sources: readonly Source[];
  /** Host name -> addresses; default Deno.resolveDns. */
  readonly resolve?: Resolver;
  /** One HTTP request to a checked address; default the runtime's fetch. */
  readonly connect?: Connector;
  readonly now?: () => Date;
  readonly aggregateConfig?: Partial<AggregateConfig>;
  /** EdgeRuntime.waitUntil where the runtime has it. */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /** Unexpected errors (the caller only sees an error code). */
  readonly logError?: (error: unknown) => void;
  /** Why sources failed (the store only keeps the codes). */
  readonly log?: (message: string) => void;
}

/** What an ingest needs, from the function's options. */
export function ingestDeps(options: Omit<FetchNewsOptions, 'sql' | 'sources' | 'waitUntil' | 'logError'>): AggregateDeps {
  return {
    now: options.now ?? (() => new Date()),
    config: { ...DEFAULT_AGGREGATE_CONFIG, ...options.aggregateConfig },
    resolve: options.resolve,
    connect: options.connect,
    log: options.log,
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
