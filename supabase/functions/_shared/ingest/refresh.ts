import { cpuClock } from './clock.ts';
import type { AggregateConfig } from './config.ts';
import { mapWithLimit } from './concurrency.ts';
import { describeError, errorCode, SourceError } from '../net/errors.ts';
import { fetchFeed, type Validators } from '../net/fetch-feed.ts';
import { groupStories } from '../stories/group.ts';
import { type Connector, defaultConnector, defaultResolver, type Resolver } from '../net/guard.ts';
import { parseFeedBytes } from '../parse/parse-feed.ts';
import { feedToStories, newestFirst } from '../stories/stories.ts';
import type { NewsAnswer, SourceStatus, Story } from '../story.ts';
import type { Source } from '../stories/sources.ts';
import { canonicalUrl } from '../text/urls.ts';

export interface AggregateDeps {
  readonly now: () => Date;
  readonly config: AggregateConfig;
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
}

/** What the sources of one refresh share: its deadline and its parse budget. */
interface Refresh {
  readonly deps: AggregateDeps;
  readonly startedAt: number;
  readonly deadline: AbortSignal;
  /** CPU milliseconds (see clock.ts); parse budgets are counted on it. */
  readonly cpu: () => number;
  parseSpentMs: number;
}

/**
 * Fetches every source (a bounded number at once) and merges their stories. Answers by
 * `deadlineMs` whatever the sources do: a source still fetching or parsing then, or never
 * started, is reported as `timeout`. Never rejects.
 */
export async function aggregate(sources: readonly Source[], deps: AggregateDeps): Promise<NewsAnswer> {
  const settled = await refreshSources(sources.map((source) => ({ source })), deps);
  return {
    stories: groupStories(mergeStories(settled.map((result) => result.stories), deps.config.maxStories)),
    generated_at: deps.now().toISOString(),
    sources: settled.map((result) => result.status),
  };
}

/**
 * Fetches every source (a bounded number at once, conditionally when it has validators) within
 * one deadline and parse budget; one result per source, in order. Never rejects.
 */
export async function refreshSources(requests: readonly SourceRequest[], deps: AggregateDeps): Promise<SourceResult[]> {
  const sources = requests.map((request) => request.source);
  const controller = new AbortController();
  const refresh: Refresh = { deps, startedAt: performance.now(), deadline: controller.signal, cpu: cpuClock(), parseSpentMs: 0 };
  const results = new Array<SourceResult | undefined>(sources.length);
  const work = mapWithLimit(sources, deps.config.maxConcurrentFetches, async (source, index) => {
    if (controller.signal.aborted) return;
    results[index] = await loadSource(source, requests[index]?.validators, refresh);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deps.config.deadlineMs);
  });
  await Promise.race([work, deadline]);
  clearTimeout(timer);
  controller.abort(); // sources still at work stop; their results come too late to be used
  const finished = [...results];
  return sources.map((source, index): SourceResult => {
    const result = finished[index];
    if (result) return result;
    deps.log?.(`source "${source.name}" (${source.url}): timeout: not finished by the ${deps.config.deadlineMs} ms deadline`);
    return { status: { name: source.name, ok: false, count: 0, error: 'timeout' }, stories: [] };
  });
}

async function loadSource(source: Source, validators: Validators | undefined, refresh: Refresh): Promise<SourceResult> {
  const { deps } = refresh;
  const { config } = deps;
  try {
    const fetched = await fetchFeed(source.url, {
      ...config,
      resolve: deps.resolve ?? defaultResolver,
      connect: deps.connect ?? defaultConnector,
      signal: refresh.deadline,
      validators,
      now: () => deps.now().getTime(),
    });
    if (fetched.notModified) return { status: { name: source.name, ok: true, count: 0 }, stories: [], notModified: true, validators: fetched.validators };
    const stories = parseWithinBudget(fetched.bytes, fetched.contentType, fetched.url, source, refresh);
    return { status: { name: source.name, ok: true, count: stories.length }, stories, validators: fetched.validators };
  } catch (error) {
    const code = errorCode(error);
    deps.log?.(`source "${source.name}" (${source.url}): ${code}: ${describeError(error)}`);
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
): Story[] {
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
    return feedToStories(feed, source, refresh.deps.now(), { ...config, checkBudget });
  } finally {
    refresh.parseSpentMs += refresh.cpu() - started;
  }
}

/**
 * One story per canonical URL (the first source in file order wins, borrowing an
 * image from a duplicate if it has none) and per id; newest first; at most `max`.
 */
export function mergeStories(perSource: readonly (readonly Story[])[], max: number): Story[] {
  const byUrl = new Map<string, Story>();
  const ids = new Set<string>();
  for (const stories of perSource) {
    for (const story of stories) {
      const key = canonicalUrl(story.url);
      const kept = byUrl.get(key);
      if (kept) {
        if (kept.image === undefined && story.image !== undefined) kept.image = story.image;
        continue;
      }
      if (ids.has(story.id)) continue;
      ids.add(story.id);
      byUrl.set(key, { ...story });
    }
  }
  return newestFirst([...byUrl.values()]).slice(0, max);
}
