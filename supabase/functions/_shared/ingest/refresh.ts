/**
 * The fetch stage of an ingest (docs/product.md#the-ingest): every claimed source fetched under the
 * network rules and parsed into stories, within one deadline and one parse budget, each source's
 * result handed on as soon as that source is done.
 */
import { cpuClock } from './clock.ts';
import type { IngestConfig } from './config.ts';
import { mapWithLimit } from '../net/concurrency.ts';
import { describeError, SourceError, type SourceErrorCode } from '../net/errors.ts';
import { fetchPublisherFeed, type Validators } from '../net/fetch-publisher-feed.ts';
import { type Connector, defaultConnector, defaultResolver, type Resolver } from '../net/guard.ts';
import { NotAFeedError } from '../parse/feed-model.ts';
import { parseFeedBytes } from '../parse/parse-feed.ts';
import { XmlError } from '../parse/xml.ts';
import type { SourceStatus, Story } from '../story.ts';
import type { Source } from '../stories/sources-file.ts';
import { feedToStories } from '../stories/stories.ts';

export interface IngestDeps {
  readonly now: () => Date;
  readonly config: IngestConfig;
  /** Host name -> addresses; default Deno.resolveDns. */
  readonly resolve?: Resolver;
  /** One HTTP request to a checked address; default the runtime's fetch. */
  readonly connect?: Connector;
  /** The function's log: why each failing source failed (the answer only carries the code). */
  readonly log?: (message: string) => void;
}

/** One source of a refresh, with the validators of its last fetch (conditional request) if any. */
export interface SourceRequest {
  readonly source: Source;
  readonly validators?: Validators;
}

/** What one source gave in a refresh. */
export interface SourceResult {
  readonly status: SourceStatus;
  readonly stories: readonly Story[];
  /** The server answered 304: nothing changed, nothing was parsed. */
  readonly notModified?: boolean;
  /** The validators to send next time (a success or a 304). */
  readonly validators?: Validators;
  /** The server's Retry-After on 429 or 503, in ms. */
  readonly retryAfterMs?: number;
  /** How long the server said its answer stays fresh (Cache-Control, Expires), in ms. */
  readonly freshForMs?: number;
  /** The feed's RSS `<ttl>`, in minutes (full fetches only). */
  readonly ttlMinutes?: number;
}

/** What the sources of one refresh share: its deadline and its parse budget. */
interface Refresh {
  readonly deps: IngestDeps;
  readonly startedAt: number;
  readonly deadline: AbortSignal;
  /** CPU milliseconds (see clock.ts); parse budgets are counted on it. */
  readonly cpu: () => number;
  parseSpentMs: number;
}

/**
 * Fetches every source (a bounded number at once, conditionally when it has validators) within
 * one deadline and parse budget, and calls `done` with each source's result as soon as that source
 * is finished: a slow source holds back no other. A source still fetching or parsing at the
 * deadline, or never started, is reported as `timeout` then. Resolves to one result per source, in
 * order, once every `done` has settled; rejects only with a `done`'s error, after all have settled.
 */
export async function refreshSources(
  requests: readonly SourceRequest[],
  deps: IngestDeps,
  done: (result: SourceResult, index: number) => Promise<void> = async () => {},
): Promise<SourceResult[]> {
  const controller = new AbortController();
  const refresh: Refresh = { deps, startedAt: performance.now(), deadline: controller.signal, cpu: cpuClock(), parseSpentMs: 0 };
  const results = new Array<SourceResult | undefined>(requests.length);
  const handedOn: Promise<void>[] = [];
  const finish = (index: number, result: SourceResult): void => {
    results[index] = result;
    handedOn.push(done(result, index));
  };
  const work = mapWithLimit(requests, deps.config.maxConcurrentFetches, async (request, index) => {
    if (controller.signal.aborted) return;
    const result = await loadSource(request.source, request.validators, refresh);
    // A result that comes after the deadline comes too late: the source is already a timeout.
    if (!controller.signal.aborted) finish(index, result);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deps.config.deadlineMs);
  });
  await Promise.race([work, deadline]);
  clearTimeout(timer);
  controller.abort(); // sources still at work stop
  requests.forEach(({ source }, index) => {
    if (results[index]) return;
    deps.log?.(`source "${source.name}" (${source.url}): timeout: not finished by the ${deps.config.deadlineMs} ms deadline`);
    finish(index, { status: { name: source.name, ok: false, count: 0, error: 'timeout' }, stories: [] });
  });
  const failure = (await Promise.allSettled(handedOn)).find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results as SourceResult[];
}

/** The public code for anything a source's fetch or parse threw. */
export function errorCode(error: unknown): SourceErrorCode {
  if (error instanceof SourceError) return error.code;
  if (error instanceof NotAFeedError) return 'not_a_feed';
  if (error instanceof XmlError) return 'invalid_xml';
  return 'network_error';
}

async function loadSource(source: Source, validators: Validators | undefined, refresh: Refresh): Promise<SourceResult> {
  const { deps } = refresh;
  const { config } = deps;
  try {
    const fetched = await fetchPublisherFeed(source.url, {
      ...config,
      resolve: deps.resolve ?? defaultResolver,
      connect: deps.connect ?? defaultConnector,
      signal: refresh.deadline,
      validators,
      now: () => deps.now().getTime(),
    });
    const freshFor = fetched.freshForMs === undefined ? {} : { freshForMs: fetched.freshForMs };
    if (fetched.notModified) return { status: { name: source.name, ok: true, count: 0 }, stories: [], notModified: true, validators: fetched.validators, ...freshFor };
    const { stories, ttlMinutes } = parseWithinBudget(fetched.bytes, fetched.contentType, fetched.url, source, refresh);
    return { status: { name: source.name, ok: true, count: stories.length }, stories, validators: fetched.validators, ...freshFor, ...(ttlMinutes === undefined ? {} : { ttlMinutes }) };
  } catch (error) {
    const code = errorCode(error);
    // Given up at the deadline: said once, by the deadline.
    if (!refresh.deadline.aborted) deps.log?.(`source "${source.name}" (${source.url}): ${code}: ${describeError(error)}`);
    const retryAfterMs = error instanceof SourceError ? error.retryAfterMs : undefined;
    return { status: { name: source.name, ok: false, count: 0, error: code }, stories: [], ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
}

/**
 * Parses a fetched feed into stories, checking between steps (decode, XML, each item,
 * each story) that the feed's parse budget, the refresh's parse budget (both CPU time)
 * and the deadline (wall time) still hold. The XML parse itself is one step; the byte
 * limit bounds it.
 */
function parseWithinBudget(
  bytes: Uint8Array,
  contentType: string | null,
  url: string,
  source: Source,
  refresh: Refresh,
): { stories: Story[]; ttlMinutes: number | undefined } {
  const { config } = refresh.deps;
  const started = refresh.cpu();
  const budget = Math.min(config.parseBudgetMs, config.refreshParseBudgetMs - refresh.parseSpentMs);
  const deadline = refresh.startedAt + config.deadlineMs;
  const checkBudget = (): void => {
    if (performance.now() > deadline) throw new SourceError('timeout', 'parse not finished by the refresh deadline');
    if (refresh.cpu() - started > budget) {
      const which = budget < config.parseBudgetMs ? `the refresh's parse budget (${config.refreshParseBudgetMs} ms)` : `${config.parseBudgetMs} ms`;
      throw new SourceError('too_slow', `parse took more than ${which}`);
    }
  };
  try {
    if (budget <= 0) throw new SourceError('too_slow', `the refresh's parse budget (${config.refreshParseBudgetMs} ms) is spent`);
    const feed = parseFeedBytes(bytes, contentType, url, { summaryChars: config.summaryMaxChars, checkBudget });
    return { stories: feedToStories(feed, source, refresh.deps.now(), { ...config, checkBudget }), ttlMinutes: feed.ttlMinutes };
  } finally {
    refresh.parseSpentMs += refresh.cpu() - started;
  }
}
