/**
 * The fetch-news call itself: a GET with the public anon key as `apikey` and bearer token, as
 * supabase-js's `functions.invoke` sends it for an anonymous page, but with `fetch` alone, so
 * that src/feed-boot.ts can make it before the app loads, in a few hundred bytes. Being a GET,
 * its answer may be cached by browsers and CDNs for the time the function allows
 * (docs/product.md#the-fetch-news-function).
 *
 * Who makes it depends on who waits for it (docs/performance.md):
 * - Most calls are made by a worker (src/feed-worker.ts), which also parses and validates the
 *   answer: the page gets the validated stories in batches and never touches the answer's
 *   bytes. Reading a 4 MB body on the page, copying it to a worker and parsing it cost three
 *   long tasks of 80-300 ms at 4x CPU throttling.
 * - A call the first cards wait for (`onPage`: a first visit's, with no kept stories to show)
 *   is made by the page: a worker starts only once the page's main thread is free, which at
 *   boot means after the app's script has run, and the call would start hundreds of
 *   milliseconds later. A large answer (WORKER_FROM_BYTES) is still parsed in a worker.
 * Without workers, or when the worker cannot start, the page makes the call itself.
 */
import { checkedStories, type CheckedStories } from './checked-stories.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';
import { checkResponse, parseAnswer, type FeedWorkerMessage, type FeedWorkerRequest } from './feed-worker-protocol.ts';
import type { Story } from '../domain/story.ts';

export interface FeedCallOptions {
  signal?: AbortSignal;
  /** No answer within this many ms is a failure. */
  timeout?: number;
  /** The page makes the call itself, at once: the first cards wait for its answer. */
  onPage?: boolean;
}

/**
 * Answers the page reads that are smaller than this are parsed on the page itself: starting a
 * worker (its script, its thread) costs more than parsing and validating them, and the first
 * cards would wait for it. A full answer of the function (200 stories, about 100 KiB) stays
 * under it.
 */
export const WORKER_FROM_BYTES = 256 * 1024;

export function feedUrl(): string {
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/fetch-news`;
}

/** The body's size as the answer declares it, if it does (a compressed answer declares less). */
function declaredLength(response: Response): number | undefined {
  const value = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** The worker's script: built to /feed-worker.js (scripts/feed-boot-plugin.ts); the source itself in development. */
function startFeedWorker(): Worker | undefined {
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
 * The worker's answer to `request` (the call to make, or a body to read): resolves with the
 * validated stories, received in batches; undefined when the worker failed before answering
 * (its script did not load: the caller does the work itself). Rejects with the worker's error
 * (a failed call, a body that is not JSON).
 */
function inWorker(worker: Worker, request: FeedWorkerRequest, signal: AbortSignal): Promise<CheckedStories | undefined> {
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
    // A body is copied, not transferred: the page still has it if the worker fails.
    worker.postMessage(request);
  });
}

/**
 * Stops a worker started for an answer that turned out small, once it has loaded: stopped
 * while its script is still loading, that request would never finish. It gets an empty body,
 * answers at once (not JSON), and is stopped then, or on its error.
 */
function retire(worker: Worker): void {
  const stop = () => worker.terminate();
  worker.addEventListener('message', stop, { once: true });
  worker.addEventListener('error', stop, { once: true });
  worker.postMessage({ type: 'body', body: new ArrayBuffer(0) } satisfies FeedWorkerRequest);
}

interface Call {
  url: string;
  headers: Record<string, string>;
}

/**
 * The call made by the page: its answer parsed, on the page or, when large and `workers`
 * (none failed to start already), in a worker.
 */
async function callOnPage({ url, headers }: Call, signal: AbortSignal, workers: boolean): Promise<unknown> {
  const startWorker = workers ? startFeedWorker : () => undefined;
  let worker: Worker | undefined;
  try {
    const response = await fetch(url, { method: 'GET', headers, signal });
    checkResponse(response);
    // Unless the answer says it is small, the worker's script loads while the body arrives
    // (started after the body, it would start when the page is busiest).
    const declared = declaredLength(response);
    if (declared === undefined || declared >= WORKER_FROM_BYTES) worker = startWorker();
    const body = await response.arrayBuffer();
    if (body.byteLength >= WORKER_FROM_BYTES) {
      worker ??= startWorker();
      const checked = worker && (await inWorker(worker, { type: 'body', body }, signal));
      if (checked) return checked;
    } else if (worker) {
      retire(worker);
      worker = undefined;
    }
    // Small, or no worker could read it.
    return parseAnswer(new TextDecoder().decode(body));
  } finally {
    worker?.terminate();
  }
}

/**
 * Calls the fetch-news function with GET and resolves with its answer: its stories already
 * validated when a worker read it (src/app/checked-stories.ts), else the parsed JSON.
 * Rejects when the call fails: no connection, no answer in time, a non-2xx status, or a body
 * that is not JSON; a body labelled as text counts when its text is JSON
 * (docs/product.md#loading-failure-retry-and-fallback).
 */
export async function callFeed({ signal, timeout, onPage = false }: FeedCallOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = timeout === undefined ? undefined : setTimeout(abort, timeout);
  const call: Call = {
    url: feedUrl(),
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
  };
  try {
    const worker = onPage ? undefined : startFeedWorker();
    const checked = worker && (await inWorker(worker, { type: 'call', ...call }, controller.signal));
    // Asked to, or no worker, or it could not start: the page makes the call.
    return checked ?? (await callOnPage(call, controller.signal, worker === undefined));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
