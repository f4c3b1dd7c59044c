/**
 * The fetch-news call itself, in a chunk of its own that `src/feed-boot.ts` loads before the
 * app's JavaScript: the page's one network request for stories can start while the app is
 * still downloading. The app takes that first call over (`takeEarlyFeedCall`) instead of
 * making a second one; every later call (retry, refresh) goes through `callFeed`.
 *
 * The call is a GET, so browsers and CDNs may cache the answer for the time the function
 * allows (docs/product.md#the-fetch-news-function). It goes through Supabase's functions
 * client (what supabase-js uses for `functions.invoke`) without the rest of supabase-js.
 */
import { FunctionsClient } from '@supabase/functions-js';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';

let client: FunctionsClient | undefined;

/** The public anon key as apikey and as bearer token, as supabase-js sends it for an anonymous page. */
function functionsClient(): FunctionsClient {
  client ??= new FunctionsClient(`${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
  });
  return client;
}

export interface FeedCallOptions {
  signal?: AbortSignal;
  /** No answer within this many ms is a failure. */
  timeout?: number;
}

/**
 * Calls the fetch-news function with GET and resolves with its parsed JSON answer.
 * Rejects when the call fails: no connection, no answer in time, a non-2xx status,
 * or a body that is not JSON (docs/product.md#loading-failure-retry-and-fallback).
 */
export async function callFeed({ signal, timeout }: FeedCallOptions = {}): Promise<unknown> {
  const { data, error, response } = await functionsClient().invoke<unknown>('fetch-news', {
    method: 'GET',
    ...(timeout !== undefined ? { timeout } : {}),
    ...(signal ? { signal } : {}),
  });
  // functions-js's FunctionsHttpError, FunctionsRelayError or FunctionsFetchError.
  if (error) throw error;
  const labelledJson = response?.headers.get('content-type')?.split(';')[0]?.trim() === 'application/json';
  // The client parsed a JSON answer already (a JSON string is valid, if useless: no stories).
  if (labelledJson) return data;
  // Otherwise it handed back text or bytes: the answer counts only if that text is JSON.
  if (typeof data !== 'string') throw new Error('The fetch-news answer is not JSON');
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw new Error('The fetch-news answer is not JSON');
  }
}

interface EarlyFeedCall {
  answer: Promise<unknown>;
  controller: AbortController;
}

let early: EarlyFeedCall | undefined;
/** The app has asked for the feed: a boot call from now on would be a second request. */
let asked = false;

/** Starts the page's first feed call, once, unless the app has asked already. Called by `src/feed-boot.ts`. */
export function startEarlyFeedCall(): void {
  if (early || asked) return;
  const controller = new AbortController();
  const answer = callFeed({ signal: controller.signal });
  // Nobody may take it (a test, a page that never asks): its failure is not an unhandled rejection.
  answer.catch(() => {});
  early = { answer, controller };
}

/**
 * The call started at boot, if one is not yet taken, under the taker's limits: it fails when
 * `signal` aborts or no answer came within `timeout` ms from now. The first caller takes it;
 * undefined when there is none (the caller makes its own call).
 */
export function takeEarlyFeedCall({ signal, timeout }: FeedCallOptions = {}): Promise<unknown> | undefined {
  const call = early;
  early = undefined;
  if (!call) {
    asked = true;
    return undefined;
  }
  return new Promise((resolve, reject) => {
    const stop = () => {
      call.controller.abort();
      reject(new Error('The fetch-news call was aborted'));
    };
    if (signal?.aborted) return stop();
    const timer = timeout === undefined ? undefined : setTimeout(stop, timeout);
    signal?.addEventListener('abort', stop, { once: true });
    call.answer.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    });
  });
}
