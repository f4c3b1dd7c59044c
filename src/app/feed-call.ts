/**
 * The fetch-news call itself: a GET with the public anon key as `apikey` and bearer token, as
 * supabase-js's `functions.invoke` sends it for an anonymous page, but with `fetch` alone, so
 * that src/feed-boot.ts can make it before the app loads, in a few hundred bytes. Being a GET,
 * its answer may be cached by browsers and CDNs for the time the function allows
 * (docs/product.md#the-fetch-news-function).
 *
 * In a browser the call is made, and its answer parsed and validated, in a worker
 * (src/feed-worker.ts): the page gets the validated stories in batches and never touches the
 * answer's bytes. Reading a 4 MB body on the page, copying it to a worker and parsing it there
 * cost three long tasks of 80-300 ms at 4x CPU throttling (docs/performance.md). Without
 * workers, or when the worker cannot start, the page makes the call itself.
 */
import { checkedStories, type CheckedStories } from './checked-stories.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';
import { checkResponse, parseAnswer, type FeedWorkerMessage, type FeedWorkerRequest } from './feed-worker-protocol.ts';
import type { Story } from '../domain/story.ts';

export interface FeedCallOptions {
  signal?: AbortSignal;
  /** No answer within this many ms is a failure. */
  timeout?: number;
}

export function feedUrl(): string {
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/fetch-news`;
}

/** The worker's script: built to /feed-worker.js (scripts/feed-boot-plugin.ts); the source itself in development. */
function startWorker(): Worker | undefined {
  if (typeof Worker !== 'function') return undefined;
  try {
    return import.meta.env.DEV
      ? new Worker('/src/feed-worker.ts', { type: 'module' })
      : new Worker(`${import.meta.env.BASE_URL}feed-worker.js`);
  } catch {
    return undefined;
  }
}

/**
 * The call made by the worker: resolves with the validated stories, received in batches;
 * undefined when the worker failed before answering (its script did not load: the caller
 * makes the call itself). Rejects with the worker's error for a failed call.
 */
function callInWorker(worker: Worker, request: FeedWorkerRequest, signal: AbortSignal): Promise<CheckedStories | undefined> {
  return new Promise((resolve, reject) => {
    const stories: Story[] = [];
    let heard = false;
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new Error('The fetch-news call was aborted'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    worker.addEventListener('error', () => {
      finish();
      if (heard) reject(new Error('The fetch-news answer could not be read'));
      else resolve(undefined);
    });
    worker.addEventListener('message', (event: MessageEvent<FeedWorkerMessage>) => {
      heard = true;
      const message = event.data;
      if (message.type === 'error') {
        finish();
        reject(new Error(message.message));
        return;
      }
      for (const story of message.stories) stories.push(story);
      if (message.last) {
        finish();
        resolve(checkedStories(stories));
      }
    });
    worker.postMessage(request);
  });
}

/**
 * Calls the fetch-news function with GET and resolves with its answer: its stories already
 * validated when a worker made the call (src/app/checked-stories.ts), else the parsed JSON.
 * Rejects when the call fails: no connection, no answer in time, a non-2xx status, or a body
 * that is not JSON; a body labelled as text counts when its text is JSON
 * (docs/product.md#loading-failure-retry-and-fallback).
 */
export async function callFeed({ signal, timeout }: FeedCallOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = timeout === undefined ? undefined : setTimeout(abort, timeout);
  const request: FeedWorkerRequest = {
    url: feedUrl(),
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
  };
  try {
    const worker = startWorker();
    const checked = worker && (await callInWorker(worker, request, controller.signal));
    if (checked) return checked;
    // No worker, or it could not start: the page makes the call.
    const response = await fetch(request.url, { method: 'GET', headers: request.headers, signal: controller.signal });
    checkResponse(response);
    return parseAnswer(await response.text());
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
