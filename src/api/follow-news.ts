/**
 * The follow-news function (docs/product.md#following-a-story), through functions.ts: its public
 * key, asked only when the visitor turns notifications on, and this browser's subscription with the
 * followed ids and alerts, stored, replaced or removed. Imported by the page's later part only.
 */
import { callFunction } from './functions.ts';
import { field, isPlainObject } from '../domain/normalize.ts';

/** The server's VAPID public key (base64url); rejects when push is not configured there (503). */
export async function fetchPublicKey(signal?: AbortSignal): Promise<string> {
  const answer = await callFunction('follow-news', { signal });
  const key = isPlainObject(answer) ? field(answer, 'public_key') : undefined;
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(key)) throw new Error('follow-news sent no public key');
  return key;
}

/** What a browser asks to hear of: the followed ids and the alerts' words (docs/product.md#alerts-for-words). */
export interface PushTargets {
  readonly ids: readonly string[];
  readonly alerts: readonly string[];
}

/** Stores or replaces this browser's followed ids and alerts, both together. */
export async function sendSubscription(subscription: Pick<PushSubscription, 'toJSON'>, { ids, alerts }: PushTargets, signal?: AbortSignal): Promise<void> {
  await callFunction('follow-news', { method: 'POST', body: { subscription: subscription.toJSON(), ids, alerts }, signal });
}

export async function deleteSubscription(endpoint: string, signal?: AbortSignal): Promise<void> {
  await callFunction('follow-news', { method: 'DELETE', body: { endpoint }, signal });
}
