/**
 * follow-news (docs/product.md#follow-news): GET gives the VAPID public key the page subscribes
 * with; POST stores a browser's push subscription, the ids it follows and its alerts' words (replacing
 * what it had); DELETE forgets it. Bad input is a 400 with a code (413 for a body over 8 KB) and stores nothing; a
 * flood from one address is a 429, and so is an address's new subscriptions past its day's share, both
 * counted in the store (under a keyed hash of the address) so that every instance shares the count; a
 * full store refuses new subscriptions with a 503.
 */
import { alertKey, alertWords, MAX_ALERTS } from '../alerts.ts';
import type { Vapid } from '../push/config.ts';
import { isP256PublicKey, base64UrlBytes, pushEndpoint } from '../push/config.ts';
import { readBounded } from '../net/body.ts';
import { countInWindow } from '../store/windows.ts';
import type { Sql } from '../store/db.ts';
import { deleteSubscription, saveSubscription } from '../store/follows.ts';
import { MAX_FOLLOWS } from '../story.ts';
import { hex } from '../text/hex.ts';
import { isStoryId } from './request.ts';

/** Room for 50 ids, 10 alerts of 60 characters in any script, and the subscription. */
export const MAX_BODY_BYTES = 8_192;
/** Calls one address may make in a minute; a page makes one per follow or unfollow. */
export const CALLS_PER_WINDOW = 20;
export const CALL_WINDOW_MS = 60_000;
/** New subscriptions one address may add in a day: a household's or an office's browsers, not a flood. */
export const SUBSCRIPTIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;
/** The store holds at most this many subscriptions (docs/deploy.md#notifications sizes them): then new ones wait. */
export const MAX_SUBSCRIPTIONS = 200_000;

export type FollowErrorCode =
  | 'invalid_json'
  | 'invalid_body'
  | 'invalid_endpoint'
  | 'invalid_keys'
  | 'invalid_ids'
  | 'too_many_ids'
  | 'invalid_alerts'
  | 'too_many_alerts'
  | 'body_too_large'
  | 'rate_limited'
  | 'too_many_subscriptions'
  | 'subscriptions_full'
  | 'push_unconfigured'
  | 'store_unavailable';

export const FOLLOW_CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export interface FollowNewsDeps {
  readonly sql: Sql;
  /** Undefined: notifications are off (no VAPID keys configured). */
  readonly vapid: Vapid | undefined;
  readonly hosts: readonly string[];
  readonly allowLoopback: boolean;
  readonly now?: () => Date;
  readonly logError?: (error: unknown) => void;
}

/** The client's address as the entry point knows it: the connection's, or the one the platform's proxy reports. */
export type FollowNewsHandler = (request: Request, address: string) => Promise<Response>;

const NO_STORE = { 'Cache-Control': 'no-store' };

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...FOLLOW_CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers } });
}

const failure = (error: FollowErrorCode, status = 400, headers: Record<string, string> = {}) => json({ error }, status, headers);

/** A Retry-After in whole seconds, at least 1. */
const secondsUntil = (time: Date, now: Date): string => String(Math.max(1, Math.ceil((time.getTime() - now.getTime()) / 1000)));

class BadInput extends Error {
  constructor(readonly code: FollowErrorCode) {
    super(code);
  }
}

/** The body as text, refusing one over MAX_BODY_BYTES before reading past it. */
async function readBody(request: Request): Promise<string> {
  return new TextDecoder().decode(await readBounded(request, MAX_BODY_BYTES, () => new BadInput('body_too_large')));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadInput('invalid_json');
  }
  if (!isObject(value)) throw new BadInput('invalid_body');
  return value;
}

/** The followed ids: absent means none; with no alert there must be at least one. */
function parseIds(value: unknown, alerts: readonly string[]): string[] {
  if (value === undefined && alerts.length > 0) return [];
  if (!Array.isArray(value) || (value.length === 0 && alerts.length === 0)) throw new BadInput('invalid_ids');
  if (value.some((id) => typeof id !== 'string' || !isStoryId(id))) throw new BadInput('invalid_ids');
  const ids = [...new Set(value as string[])];
  if (ids.length > MAX_FOLLOWS) throw new BadInput('too_many_ids');
  return ids;
}

/** The alerts' words (docs/product.md#alerts-for-words): absent means none; each 1 to 5 words of 2 to 60 characters, at most 10. */
function parseAlerts(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new BadInput('invalid_alerts');
  const alerts = value.map((text: unknown) => (typeof text === 'string' ? alertWords(text) : null));
  if (alerts.some((words) => words === null)) throw new BadInput('invalid_alerts');
  // One alert per set of terms ("Paris" and "paris" are one), the first kept.
  const kept = new Map<string, string>();
  for (const words of alerts as string[]) if (!kept.has(alertKey(words))) kept.set(alertKey(words), words);
  if (kept.size > MAX_ALERTS) throw new BadInput('too_many_alerts');
  return [...kept.values()];
}

export function createFollowNews(deps: FollowNewsDeps): FollowNewsHandler {
  const now = deps.now ?? (() => new Date());
  // Keyed with the VAPID private key, which every instance shares: the stored hash cannot be reversed by trying every address.
  let hashKey: Promise<CryptoKey> | undefined;
  const addressHash = async (address: string): Promise<string> => {
    hashKey ??= crypto.subtle.importKey('raw', new TextEncoder().encode(`follow-calls:${deps.vapid?.privateKey ?? ''}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await crypto.subtle.sign('HMAC', await hashKey, new TextEncoder().encode(address));
    return hex(mac);
  };
  const endpointOf = (value: unknown): string => {
    if (typeof value !== 'string' || !pushEndpoint(value, deps.hosts, deps.allowLoopback)) throw new BadInput('invalid_endpoint');
    return value;
  };

  const post = async (body: Record<string, unknown>, addressHash: string, at: Date): Promise<Response> => {
    const { subscription, ids, alerts } = body;
    if (!isObject(subscription) || Object.keys(body).some((key) => key !== 'subscription' && key !== 'ids' && key !== 'alerts')) throw new BadInput('invalid_body');
    const endpoint = endpointOf(subscription.endpoint);
    const { expirationTime, keys } = subscription;
    if (expirationTime !== undefined && expirationTime !== null && typeof expirationTime !== 'number') throw new BadInput('invalid_body');
    if (!isObject(keys) || typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') throw new BadInput('invalid_keys');
    if (!isP256PublicKey(keys.p256dh) || base64UrlBytes(keys.auth)?.length !== 16) throw new BadInput('invalid_keys');
    const watched = parseAlerts(alerts);
    const followed = parseIds(ids, watched);
    const limits = { addressHash, maxSubscriptions: MAX_SUBSCRIPTIONS, perWindow: SUBSCRIPTIONS_PER_DAY, windowMs: DAY_MS };
    const saved = await saveSubscription(deps.sql, at, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, { ids: followed, alerts: watched }, limits);
    if (saved.saved) return new Response(null, { status: 204, headers: FOLLOW_CORS_HEADERS });
    const retryAfter = { 'Retry-After': secondsUntil(saved.retryAt, at) };
    return saved.reason === 'store_full' ? failure('subscriptions_full', 503, retryAfter) : failure('too_many_subscriptions', 429, retryAfter);
  };

  const remove = async (body: Record<string, unknown>): Promise<Response> => {
    if (Object.keys(body).some((key) => key !== 'endpoint') || typeof body.endpoint !== 'string') throw new BadInput('invalid_body');
    // Any endpoint it may have stored; one it never would have is simply not there.
    await deleteSubscription(deps.sql, body.endpoint);
    return new Response(null, { status: 204, headers: FOLLOW_CORS_HEADERS });
  };

  return async (request, address) => {
    const method = request.method;
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: FOLLOW_CORS_HEADERS });
    if (method === 'GET') return deps.vapid ? json({ public_key: deps.vapid.publicKey }, 200) : failure('push_unconfigured', 503);
    if (method !== 'POST' && method !== 'DELETE') return json({ error: 'method_not_allowed' }, 405, { Allow: 'GET, POST, DELETE, OPTIONS' });
    if (method === 'POST' && !deps.vapid) return failure('push_unconfigured', 503);
    try {
      const hash = await addressHash(address);
      const at = now();
      const calls = await countInWindow(deps.sql, hash, 'calls', at, CALL_WINDOW_MS);
      if (calls.count > CALLS_PER_WINDOW) {
        await request.body?.cancel();
        return failure('rate_limited', 429, { 'Retry-After': secondsUntil(calls.windowEndsAt, at) });
      }
      const body = parseJson(await readBody(request));
      return await (method === 'POST' ? post(body, hash, at) : remove(body));
    } catch (error) {
      if (error instanceof BadInput) return failure(error.code, error.code === 'body_too_large' ? 413 : 400);
      deps.logError?.(error);
      return failure('store_unavailable', 503);
    }
  };
}
