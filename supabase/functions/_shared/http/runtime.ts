// What the functions take from their runtime: the sources file, the store's address and pool size,
// the loopback switch; and fetch-news put together from them.
import defaultSources from '../sources.json' with { type: 'json' };
import { DEFAULT_INGEST_CONFIG, type IngestConfig } from '../ingest/config.ts';
import type { IngestDeps } from '../ingest/refresh.ts';
import { classifyAddress, formatIpv6, parseIpv6 } from '../net/addresses.ts';
import { ALLOW_LOOPBACK_ENV, type Connector, type Resolver } from '../net/guard.ts';
import { connect, type Sql } from '../store/db.ts';
import { parseSources, type Source, SourcesFileError, validateSources } from '../stories/sources-file.ts';
import { createHandler } from './fetch-news.ts';
import { pushHostsFrom, vapidFrom } from '../push/config.ts';
import { DEFAULT_PUSH_LIMITS, type PushConfig } from '../push/send.ts';
import { runStep, type WorkDeps } from '../work/step.ts';

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
  /** Web Push for the queued pushes; undefined when notifications are off. */
  readonly push?: PushConfig;
}

type DepsOptions = Omit<FetchNewsOptions, 'sql' | 'sources' | 'waitUntil' | 'logError'>;

/** What an ingest needs, from the function's options. */
export function ingestDeps(options: DepsOptions): IngestDeps {
  return {
    now: options.now ?? (() => new Date()),
    config: { ...DEFAULT_INGEST_CONFIG, ...options.ingestConfig },
    resolve: options.resolve,
    connect: options.connect,
    log: options.log,
  };
}

/** What a step of the scheduled work needs, from the function's options: an ingest's, and Web Push's on its own. */
export function workDeps(options: DepsOptions): WorkDeps {
  return { ingest: ingestDeps(options), push: options.push };
}

/** fetch-news as a request handler: answers from the store, and does a step of the work when the schedule looks broken. */
export function createFetchNews(options: FetchNewsOptions): (request: Request) => Promise<Response> {
  const deps = workDeps(options);
  return createHandler({
    sql: options.sql,
    now: deps.ingest.now,
    startIngest: () => runStep(options.sql, options.sources, deps),
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

/**
 * Where follow-news reads the client's address (docs/deploy.md#the-client-address): `connection` (the TCP peer: no
 * proxy in front, serve-local's default), `x-forwarded-for` or `x-forwarded-for:N` (the Nth entry from the right of
 * X-Forwarded-For: proxies append, so entries left of those the trusted proxies added are whatever the client wrote),
 * or `header:NAME` (a header the platform's proxy sets and overwrites). Deployments default to the right-most entry.
 */
export const CLIENT_ADDRESS_ENV = 'CLIENT_ADDRESS_FROM';

export type AddressSource = { readonly kind: 'connection' } | { readonly kind: 'forwarded'; readonly hops: number } | { readonly kind: 'header'; readonly name: string };

export const DEPLOYED_ADDRESS_SOURCE: AddressSource = { kind: 'forwarded', hops: 1 };

/** CLIENT_ADDRESS_FROM, else `fallback`; throws, naming the variable, on anything else. */
export function addressSourceFrom(getEnv: (name: string) => string | undefined, fallback: AddressSource): AddressSource {
  const raw = getEnv(CLIENT_ADDRESS_ENV)?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'connection') return { kind: 'connection' };
  const forwarded = /^x-forwarded-for(?::([1-9]))?$/.exec(raw);
  if (forwarded) return { kind: 'forwarded', hops: Number(forwarded[1] ?? 1) };
  const header = /^header:([a-z0-9-]{1,64})$/.exec(raw);
  if (header && header[1] !== 'x-forwarded-for') return { kind: 'header', name: header[1] as string };
  throw new Error(`${CLIENT_ADDRESS_ENV} must be "connection", "x-forwarded-for", "x-forwarded-for:N" (N from 1 to 9) or "header:<name>", got "${raw}"`);
}

/**
 * The address follow-news counts a client's calls under: from where `source` says, else the connection's (a proxy
 * that failed to say makes its clients share one count, never a count of their choosing). An IPv6 client counts by
 * its /64, which it can fill with addresses of its own.
 */
export function clientAddress(headers: Headers, connection: string, source: AddressSource): string {
  let claimed: string | undefined;
  if (source.kind === 'forwarded') {
    const entries = (headers.get('x-forwarded-for') ?? '').slice(-4_096).split(',');
    claimed = entries.length >= source.hops ? entries[entries.length - source.hops]?.trim() : undefined;
  } else if (source.kind === 'header') {
    claimed = headers.get(source.name)?.trim();
  }
  const address = (claimed && classifyAddress(claimed)) || classifyAddress(connection);
  if (!address) return connection;
  const groups = address.address.includes(':') ? parseIpv6(address.address) : undefined;
  // An IPv4 address written as IPv6 (::ffff:a.b.c.d) stays whole.
  const mapped = groups?.slice(0, 6).join() === '0,0,0,0,0,65535';
  return groups && !mapped ? `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64` : address.address;
}
