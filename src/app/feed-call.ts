/**
 * The fetch-news call itself: a GET with the public anon key as `apikey` and bearer token, as
 * supabase-js's `functions.invoke` sends it for an anonymous page, but with `fetch` alone, so
 * that src/feed-boot.ts can make it before the app loads, in a few hundred bytes. Being a GET,
 * its answer may be cached by browsers and CDNs for the time the function allows
 * (docs/product.md#the-fetch-news-function).
 *
 * In a browser a large answer is parsed and validated in a worker (src/feed-worker.ts): its
 * JSON.parse and validation would otherwise block the page for hundreds of milliseconds
 * (docs/performance.md). A small one (WORKER_FROM_BYTES), and any answer without workers or
 * when the worker fails, the page parses itself.
 */
import { checkedStories, type CheckedStories } from './checked-stories.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';
import { NOT_JSON, parseAnswer, type FeedWorkerMessage, type FeedWorkerRequest } from './feed-worker-protocol.ts';
import type { Story } from '../domain/story.ts';

export interface FeedCallOptions {
  signal?: AbortSignal;
  /** No answer within this many ms is a failure. */
  timeout?: number;
}

/**
 * Answers smaller than this are read on the page itself: starting a worker (its script, its
 * thread) costs more than parsing and validating them, and the first cards would wait for it.
 * A full answer of the function (200 stories, about 100 KiB) stays under it; the worker is for
 * the large answers that would block the page (docs/performance.md).
 */
export const WORKER_FROM_BYTES = 256 * 1024;

/** The body's size as the answer declares it, if it does (a compressed answer declares less). */
function declaredLength(response: Response): number | undefined {
  const value = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** Answers that are not text at all, whatever they contain. */
const NOT_TEXT = new Set(['application/octet-stream', 'application/pdf', 'text/event-stream', 'multipart/form-data']);

export function feedUrl(): string {
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/fetch-news`;
}

/** Throws for a non-2xx status (or the Supabase relay's error) and for a body that cannot be JSON. */
function checkResponse(response: Response): void {
  if (response.headers.get('x-relay-error') === 'true') throw new Error('The fetch-news call failed at the Supabase relay');
  if (!response.ok) throw new Error(`The fetch-news function answered with a non-2xx status: ${response.status}`);
  const type = (response.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
  if (NOT_TEXT.has(type)) throw new Error(NOT_JSON);
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
 * The body parsed and validated by the worker: resolves with the validated stories, received
 * in batches; undefined when the worker failed before answering (the caller parses the body).
 */
function checkInWorker(worker: Worker, body: ArrayBuffer, signal: AbortSignal): Promise<CheckedStories | undefined> {
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
    // A copy, not a transfer: the page still has the body if the worker fails.
    worker.postMessage({ body } satisfies FeedWorkerRequest);
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
  worker.postMessage({ body: new ArrayBuffer(0) } satisfies FeedWorkerRequest);
}

/**
 * Calls the fetch-news function with GET and resolves with its answer: the parsed JSON, or,
 * when a worker read it, its stories already validated (src/app/checked-stories.ts).
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
  let worker: Worker | undefined;
  try {
    const response = await fetch(feedUrl(), {
      method: 'GET',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
      signal: controller.signal,
    });
    checkResponse(response);
    // Unless the answer says it is small, the worker's script loads while the body arrives
    // (started after the body, it would start when the page is busiest).
    const declared = declaredLength(response);
    if (declared === undefined || declared >= WORKER_FROM_BYTES) worker = startWorker();
    const body = await response.arrayBuffer();
    if (body.byteLength >= WORKER_FROM_BYTES) {
      worker ??= startWorker();
      const checked = worker && (await checkInWorker(worker, body, controller.signal));
      if (checked) return checked;
    } else if (worker) {
      retire(worker);
      worker = undefined;
    }
    // Small, or no worker could read it.
    return parseAnswer(new TextDecoder().decode(body));
  } finally {
    worker?.terminate();
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
