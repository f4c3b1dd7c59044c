/**
 * The follow-news function (docs/product.md#following-a-story): its public key, asked only when the
 * visitor turns notifications on, and this browser's subscription with the followed ids, stored,
 * replaced or removed. Same headers as the feed call.
 */
import { field, isPlainObject } from '../../domain/normalize.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../feed/backend.ts';

const url = () => `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/follow-news`;
const headers = { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` };

async function send(method: 'GET' | 'POST' | 'DELETE', body?: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(url(), {
    method,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`follow-news answered ${response.status}`);
  return response;
}

/** The server's VAPID public key (base64url); rejects when push is not configured there (503). */
export async function fetchPublicKey(signal?: AbortSignal): Promise<string> {
  const answer: unknown = await (await send('GET', undefined, signal)).json();
  const key = isPlainObject(answer) ? field(answer, 'public_key') : undefined;
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(key)) throw new Error('follow-news sent no public key');
  return key;
}

/** Stores or replaces this browser's followed ids. */
export async function sendSubscription(subscription: PushSubscription, ids: readonly string[], signal?: AbortSignal): Promise<void> {
  await send('POST', { subscription: subscription.toJSON(), ids }, signal);
}

export async function deleteSubscription(endpoint: string, signal?: AbortSignal): Promise<void> {
  await send('DELETE', { endpoint }, signal);
}
