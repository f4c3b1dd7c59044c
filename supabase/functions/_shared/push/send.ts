/**
 * Telling followers (docs/product.md#follow-news): after an ingest, one push to each browser whose
 * followed groups gained reports, encrypted (RFC 8291, aes128gcm) and signed (RFC 8292, VAPID) by the
 * web-push library, sent to an endpoint checked as a feed's URL is (net/guard.ts), a few at a time,
 * within one deadline. A 404 or 410 forgets the subscription; a 429, a 5xx or no answer is tried once
 * more at the end of the run.
 */
import webpush from 'web-push';
import { mapWithLimit } from '../net/concurrency.ts';
import { SourceError } from '../net/errors.ts';
import { checkTarget, type Connector, defaultConnector, defaultResolver, type Resolver } from '../net/guard.ts';
import { deleteSubscriptions, type GroupNews, subscriptionPage, type SubscriptionNews, takeNews } from '../store/follows.ts';
import type { Db } from '../store/db.ts';
import { pushEndpoint, type Vapid } from './config.ts';

export interface PushConfig {
  readonly vapid: Vapid;
  readonly hosts: readonly string[];
  readonly allowLoopback: boolean;
  /** Pushes in flight at once. */
  readonly concurrency: number;
  /** Subscriptions taken from the store at once: what the fan-out holds in memory. */
  readonly pageSize: number;
  /** One push's time, from the DNS check to the push service's status. */
  readonly requestTimeoutMs: number;
  /** The whole fan-out's time: subscriptions not reached by then keep their news for the next ingest. */
  readonly deadlineMs: number;
  /** The longest wait before the one retry (a push service's Retry-After is honoured up to it). */
  readonly retryWaitMaxMs: number;
}

export const DEFAULT_PUSH_LIMITS = {
  concurrency: 50,
  pageSize: 500,
  requestTimeoutMs: 10_000,
  // Within the scheduled call's time on Supabase (150 s of wall clock on the free plan) and the 5-minute interval.
  deadlineMs: 120_000,
  retryWaitMaxMs: 10_000,
} as const;

/** How long a push service keeps a notification for a browser that is offline: a day, as news goes stale. */
const TTL_SECONDS = 24 * 60 * 60;
const TITLE_MAX_CHARS = 120;

export interface PushDeps {
  readonly config: PushConfig;
  readonly resolve?: Resolver;
  readonly connect?: Connector;
  readonly log?: (message: string) => void;
}

export interface PushReport {
  /** Browsers that had news. */
  readonly subscriptions: number;
  /** Pushes the push services accepted. */
  readonly sent: number;
  /** Subscriptions forgotten on a 404 or 410. */
  readonly gone: number;
  /** Pushes that failed, also after their one retry. */
  readonly failed: number;
}

/** What the notification shows, and nothing more. */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
}

const reports = (n: number) => `${n} new ${n === 1 ? 'report' : 'reports'}`;

export function payloadFor(groups: readonly GroupNews[]): PushPayload {
  const [first] = groups;
  const title = first ? (first.title.length > TITLE_MAX_CHARS ? `${first.title.slice(0, TITLE_MAX_CHARS - 1)}…` : first.title) : '';
  const added = groups.reduce((sum, group) => sum + group.added, 0);
  return { title: `New reports: ${title}`, body: groups.length === 1 ? reports(added) : `${reports(added)} on ${groups.length} stories you follow` };
}

type Outcome = { readonly kind: 'sent' | 'gone' | 'failed' } | { readonly kind: 'retry'; readonly afterMs: number };

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (header !== null && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = header === null ? Number.NaN : Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 0;
}

/** The VAPID JWT's lifetime: it outlives any run (RFC 8292 allows up to 24 hours). */
const VAPID_EXPIRY_S = 12 * 60 * 60;

/**
 * The Authorization header per push service: a VAPID JWT names its audience (the service's origin), not a
 * subscription, so one signature serves every push of a run to that service (it was 3/4 of each push's crypto).
 */
type VapidCache = Map<string, string>;

function authorizationFor(origin: string, config: PushConfig, cache: VapidCache): string {
  let header = cache.get(origin);
  if (header === undefined) {
    const { vapid } = config;
    header = webpush.getVapidHeaders(origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(Date.now() / 1000) + VAPID_EXPIRY_S).Authorization;
    cache.set(origin, header);
  }
  return header;
}

async function pushOnce(news: SubscriptionNews, deps: PushDeps, deadline: AbortSignal, vapidCache: VapidCache): Promise<Outcome> {
  const { config } = deps;
  const url = pushEndpoint(news.endpoint, config.hosts, config.allowLoopback);
  // A host taken off PUSH_SERVICE_HOSTS since the browser subscribed: never sent to.
  if (!url) return { kind: 'gone' };
  const signal = AbortSignal.any([deadline, AbortSignal.timeout(config.requestTimeoutMs)]);
  try {
    const address = await checkTarget(url, deps.resolve ?? defaultResolver, { allowLoopback: config.allowLoopback }, signal);
    // The headers web-push's generateRequestDetails sets for aes128gcm (RFC 8030, 8291), with the run's VAPID header.
    const { cipherText } = webpush.encrypt(news.p256dh, news.auth, JSON.stringify(payloadFor(news.groups)), 'aes128gcm');
    const headers = new Headers({
      TTL: String(TTL_SECONDS),
      Urgency: 'normal',
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      Authorization: authorizationFor(url.origin, config, vapidCache),
    });
    const response = await (deps.connect ?? defaultConnector)({ url: news.endpoint, address, init: { method: 'POST', headers, body: new Uint8Array(cipherText), signal } });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    if (response.status === 429 || response.status >= 500) return { kind: 'retry', afterMs: retryAfterMs(response.headers.get('retry-after')) };
    deps.log?.(`push to ${url.host}: HTTP ${response.status}`);
    return { kind: 'failed' };
  } catch (error) {
    // The endpoint identifies a browser: logs name its push service only.
    deps.log?.(`push to ${url.host}: ${(error instanceof Error ? error.message : String(error)).replaceAll(news.endpoint, url.origin)}`);
    // An endpoint whose host resolves to a blocked address is never tried again in this run.
    return error instanceof SourceError && error.code === 'blocked_address' ? { kind: 'failed' } : { kind: 'retry', afterMs: 0 };
  }
}

/**
 * Sends each subscription whose followed groups gained reports one push, page by page of the
 * subscriptions, and forgets those the push services say are gone.
 */
export async function notifyFollowers(sql: Db, deps: PushDeps): Promise<PushReport> {
  const { config } = deps;
  const deadline = AbortSignal.timeout(config.deadlineMs);
  const vapidCache: VapidCache = new Map();
  const retries: { news: SubscriptionNews; afterMs: number }[] = [];
  let [subscriptions, sent, gone, failed] = [0, 0, 0, 0];
  const settle = async (batch: readonly SubscriptionNews[], outcomes: readonly Outcome[], retrying: boolean): Promise<void> => {
    const goneEndpoints: string[] = [];
    outcomes.forEach((outcome, i) => {
      const news = batch[i] as SubscriptionNews;
      if (outcome.kind === 'sent') sent += 1;
      else if (outcome.kind === 'gone') goneEndpoints.push(news.endpoint);
      else if (outcome.kind === 'retry' && !retrying) retries.push({ news, afterMs: outcome.afterMs });
      else failed += 1;
    });
    gone += await deleteSubscriptions(sql, goneEndpoints);
  };
  let after = '';
  while (!deadline.aborted) {
    const page = await subscriptionPage(sql, after, config.pageSize);
    if (page.length === 0) break;
    after = page[page.length - 1] as string;
    const news = await takeNews(sql, page);
    subscriptions += news.length;
    await settle(news, await mapWithLimit(news, config.concurrency, (item) => pushOnce(item, deps, deadline, vapidCache)), false);
  }
  if (retries.length > 0 && !deadline.aborted) {
    const wait = Math.min(config.retryWaitMaxMs, Math.max(...retries.map((retry) => retry.afterMs)));
    await new Promise((resolve) => setTimeout(resolve, wait));
    const batch = retries.map((retry) => retry.news);
    await settle(batch, await mapWithLimit(batch, config.concurrency, (item) => pushOnce(item, deps, deadline, vapidCache)), true);
  } else {
    failed += retries.length;
  }
  return { subscriptions, sent, gone, failed };
}
