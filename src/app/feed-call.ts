/**
 * The fetch-news call itself: a GET with the public anon key as `apikey` and bearer token, as
 * supabase-js's `functions.invoke` sends it for an anonymous page, but with `fetch` alone, so
 * that src/feed-boot.ts can make it before the app loads, in a few hundred bytes. Being a GET,
 * its answer may be cached by browsers and CDNs for the time the function allows
 * (docs/product.md#the-fetch-news-function).
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';

export interface FeedCallOptions {
  signal?: AbortSignal;
  /** No answer within this many ms is a failure. */
  timeout?: number;
}

/** Answers that are not text at all, whatever they contain. */
const NOT_TEXT = new Set(['application/octet-stream', 'application/pdf', 'text/event-stream', 'multipart/form-data']);

export function feedUrl(): string {
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/fetch-news`;
}

/**
 * Calls the fetch-news function with GET and resolves with its parsed JSON answer.
 * Rejects when the call fails: no connection, no answer in time, a non-2xx status (or the
 * Supabase relay's error), or a body that is not JSON (docs/product.md#loading-failure-retry-and-fallback).
 * A body labelled as text counts when its text is JSON.
 */
export async function callFeed({ signal, timeout }: FeedCallOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = timeout === undefined ? undefined : setTimeout(abort, timeout);
  try {
    const response = await fetch(feedUrl(), {
      method: 'GET',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
      signal: controller.signal,
    });
    if (response.headers.get('x-relay-error') === 'true') throw new Error('The fetch-news call failed at the Supabase relay');
    if (!response.ok) throw new Error(`The fetch-news function answered with a non-2xx status: ${response.status}`);
    const type = (response.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
    if (NOT_TEXT.has(type)) throw new Error('The fetch-news answer is not JSON');
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error('The fetch-news answer is not JSON');
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
