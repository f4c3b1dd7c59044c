/**
 * Telling followers and alerts' matches (docs/product.md#follow-news, #alerts-for-words): a batch of pushes sent at once, each encrypted (RFC 8291, aes128gcm)
 * and signed (RFC 8292, VAPID) by the web-push library and sent to an endpoint checked as a feed's URL is (net/guard.ts),
 * each answered by what became of it: sent, gone (a 404 or 410), to retry (a 429, a 5xx or no answer, after the
 * service's Retry-After if any) or dropped. The queue (work/queue.ts) claims the batch and records the outcomes.
 */
import webpush from 'web-push';
import { mapWithLimit } from '../net/concurrency.ts';
import { SourceError } from '../net/errors.ts';
import { checkTarget, type Connector, defaultConnector, defaultResolver, type Resolver } from '../net/guard.ts';
import { pushEndpoint, type Vapid } from './config.ts';

export interface PushConfig {
  readonly vapid: Vapid;
  readonly hosts: readonly string[];
  readonly allowLoopback: boolean;
  /** One push's time, from the DNS check to the push service's status. */
  readonly requestTimeoutMs: number;
}

export const DEFAULT_PUSH_LIMITS = { requestTimeoutMs: 10_000 } as const;

/** A push reaches its browser within a day or not at all: news goes stale (its TTL, and how long it is retried). */
export const PUSH_TTL_MS = 24 * 60 * 60_000;
const TITLE_MAX_CHARS = 120;

export interface PushDeps {
  readonly config: PushConfig;
  readonly resolve?: Resolver;
  readonly connect?: Connector;
  readonly log?: (message: string) => void;
}

/** A group that gained reports, as a push tells of it. */
export interface GroupNews {
  readonly leaderId: string;
  readonly title: string;
  readonly added: number;
}

/** A story that matched one of the subscription's alerts (docs/product.md#alerts-for-words), as a push tells of it. */
export interface AlertNews {
  /** The alert's words, as the visitor wrote them. */
  readonly alert: string;
  readonly storyId: string;
  readonly title: string;
}

/** What one queued push tells of: the followed groups that grew, or one story that matched an alert. */
export type PushNews = readonly GroupNews[] | readonly [AlertNews];

/** A push to send: to a subscription (its endpoint and keys, RFC 8291), of news queued at `createdAt`. */
export interface Push {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly news: PushNews;
  readonly createdAt: Date;
}

/** What the notification shows, and the stories it tells of (their groups' leading ids): a click on one story's opens its page. */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
  readonly stories: readonly string[];
}

const reports = (n: number) => `${n} new ${n === 1 ? 'report' : 'reports'}`;

const capped = (title: string) => (title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS - 1)}…` : title);

const isAlertNews = (news: PushNews): news is readonly [AlertNews] => news[0] !== undefined && 'alert' in news[0];

/** "Alert: {words}" with the story's title, naming the story (a click opens its page); or "New reports: {title}" for the followed groups that grew. */
export function payloadFor(news: PushNews): PushPayload {
  if (isAlertNews(news)) {
    const [match] = news;
    return { title: `Alert: ${match.alert}`, body: capped(match.title), stories: [match.storyId] };
  }
  const groups = news;
  const [first] = groups;
  const title = first ? capped(first.title) : '';
  const added = groups.reduce((sum, group) => sum + group.added, 0);
  return { title: `New reports: ${title}`, body: groups.length === 1 ? reports(added) : `${reports(added)} on ${groups.length} stories you follow`, stories: groups.map((group) => group.leaderId) };
}

/** What became of a push: `retry` after at least `afterMs` (the push service's Retry-After, else 0). */
export type PushOutcome = { readonly kind: 'sent' | 'gone' } | { readonly kind: 'dropped'; readonly why: string } | { readonly kind: 'retry'; readonly afterMs: number };

function retryAfterMs(header: string | null, now: Date): number {
  const seconds = Number(header);
  if (header !== null && header.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = header === null ? Number.NaN : Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now.getTime()) : 0;
}

/** The VAPID JWT's lifetime: it outlives any call (RFC 8292 allows up to 24 hours). */
const VAPID_EXPIRY_S = 12 * 60 * 60;

/**
 * The Authorization header per push service: a VAPID JWT names its audience (the service's origin), not a
 * subscription, so one signature serves every push of a call to that service (it was 3/4 of each push's crypto).
 */
export type VapidCache = Map<string, string>;

function authorizationFor(origin: string, config: PushConfig, cache: VapidCache): string {
  let header = cache.get(origin);
  if (header === undefined) {
    const { vapid } = config;
    // The push service checks it against its own clock: the real one.
    header = webpush.getVapidHeaders(origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(Date.now() / 1000) + VAPID_EXPIRY_S).Authorization;
    cache.set(origin, header);
  }
  return header;
}

async function pushOnce(push: Push, deps: PushDeps, now: Date, vapidCache: VapidCache): Promise<PushOutcome> {
  const { config } = deps;
  const url = pushEndpoint(push.endpoint, config.hosts, config.allowLoopback);
  // A host taken off PUSH_SERVICE_HOSTS since the browser subscribed: never sent to.
  if (!url) return { kind: 'gone' };
  const ttlSeconds = Math.floor((push.createdAt.getTime() + PUSH_TTL_MS - now.getTime()) / 1000);
  if (ttlSeconds <= 0) return { kind: 'dropped', why: 'a day old' };
  const signal = AbortSignal.timeout(config.requestTimeoutMs);
  try {
    const address = await checkTarget(url, deps.resolve ?? defaultResolver, { allowLoopback: config.allowLoopback }, signal);
    // The headers web-push's generateRequestDetails sets for aes128gcm (RFC 8030, 8291), with the call's VAPID header.
    const { cipherText } = webpush.encrypt(push.p256dh, push.auth, JSON.stringify(payloadFor(push.news)), 'aes128gcm');
    const headers = new Headers({
      // What is left of the news's day: a push service holding it for an offline browser drops it then.
      TTL: String(ttlSeconds),
      Urgency: 'normal',
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      Authorization: authorizationFor(url.origin, config, vapidCache),
    });
    const response = await (deps.connect ?? defaultConnector)({ url: push.endpoint, address, init: { method: 'POST', headers, body: new Uint8Array(cipherText), signal } });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    if (response.status === 429 || response.status >= 500) return { kind: 'retry', afterMs: retryAfterMs(response.headers.get('retry-after'), now) };
    return { kind: 'dropped', why: `HTTP ${response.status}` };
  } catch (error) {
    // An endpoint whose host resolves to a blocked address is never tried again.
    if (error instanceof SourceError && error.code === 'blocked_address') return { kind: 'dropped', why: 'blocked address' };
    // The endpoint identifies a browser: logs name its push service only.
    deps.log?.(`push to ${url.host}: ${(error instanceof Error ? error.message : String(error)).replaceAll(push.endpoint, url.origin)}`);
    return { kind: 'retry', afterMs: 0 };
  }
}

/** Sends `pushes` all at once, at `now`; answers what became of each, in their order. */
export function sendPushes(pushes: readonly Push[], deps: PushDeps, now: Date, vapidCache: VapidCache = new Map()): Promise<PushOutcome[]> {
  return mapWithLimit(pushes, pushes.length, (push) => pushOnce(push, deps, now, vapidCache));
}
