import defaultSources from '../sources.json' with { type: 'json' };
import { aggregate } from './aggregate.ts';
import { AnswerCache } from './cache.ts';
import { type AggregateConfig, type CacheConfig, DEFAULT_AGGREGATE_CONFIG, DEFAULT_CACHE_CONFIG } from './config.ts';
import { createHandler } from './handler.ts';
import { parseSources, SourcesFileError, validateSources } from './sources.ts';
import type { Connector, Resolver } from './net/guard.ts';
import type { Source } from './types.ts';

export interface FetchNewsOptions {
  readonly sources: readonly Source[];
  /** Host name -> addresses; default Deno.resolveDns. */
  readonly resolve?: Resolver;
  /** One HTTP request to a checked address; default the runtime's fetch. */
  readonly connect?: Connector;
  readonly now?: () => Date;
  readonly aggregateConfig?: Partial<AggregateConfig>;
  readonly cacheConfig?: Partial<CacheConfig>;
  /** Unexpected errors (the caller only sees `{ "error": "internal_error" }`). */
  readonly logError?: (error: unknown) => void;
  /** Why sources failed (the answer only carries the codes). */
  readonly log?: (message: string) => void;
}

/** The whole function as a request handler, wired from its parts. */
export function createFetchNews(options: FetchNewsOptions): (request: Request) => Promise<Response> {
  const now = options.now ?? (() => new Date());
  const aggregateConfig = { ...DEFAULT_AGGREGATE_CONFIG, ...options.aggregateConfig };
  const deps = { now, config: aggregateConfig, resolve: options.resolve, connect: options.connect, log: options.log };
  const cache = new AnswerCache(
    () => aggregate(options.sources, deps),
    { ...DEFAULT_CACHE_CONFIG, ...options.cacheConfig },
    () => now().getTime(),
  );
  return createHandler({ getAnswer: () => cache.get(), now: () => now().getTime(), logError: options.logError });
}

/** What the runtime offers the function: environment variables and file reading. */
export interface RuntimeEnvironment {
  readonly getEnv: (name: string) => string | undefined;
  readonly readTextFile: (path: string) => Promise<string>;
}

export const SOURCES_FILE_ENV = 'NEWS_SOURCES_FILE';

/**
 * The sources named by NEWS_SOURCES_FILE, else the bundled sources.json (imported,
 * so that it is part of the deployed bundle). Throws SourcesFileError.
 */
export async function loadSources(runtime: RuntimeEnvironment): Promise<Source[]> {
  const file = runtime.getEnv(SOURCES_FILE_ENV)?.trim();
  if (!file) return validateSources(defaultSources, 'supabase/functions/fetch-news/sources.json');
  let text: string;
  try {
    text = await runtime.readTextFile(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SourcesFileError(`${SOURCES_FILE_ENV}=${file}: cannot be read (${reason})`);
  }
  return parseSources(text, file);
}
