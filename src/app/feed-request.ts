/**
 * The page's feed calls: the first one, started by src/feed-boot.ts before the app's
 * JavaScript has loaded (`startEarlyFeedCall`), and taken over by the app
 * (`takeEarlyFeedCall`) instead of making a second one; every later call (retry, refresh) goes
 * through `callFeed` (src/app/feed-call.ts).
 */
import { bootHandoff } from '../boot/handoff.ts';
import { callFeed, type FeedCallOptions } from './feed-call.ts';

export { callFeed, type FeedCallOptions };

/**
 * Starts the page's first feed call, once, unless the app has asked already. Called by
 * src/feed-boot.ts; `onPage` when the first cards wait for its answer (callFeed).
 */
export function startEarlyFeedCall({ onPage }: { onPage: boolean }): void {
  const handoff = bootHandoff();
  if (handoff.earlyFeed || handoff.feedAsked) return;
  const controller = new AbortController();
  const answer = callFeed({ signal: controller.signal, onPage });
  // Nobody may take it (a test, a page that never asks): its failure is not an unhandled rejection.
  answer.catch(() => {});
  handoff.earlyFeed = { answer, controller };
}

/** The answer of the call started at boot, for a look before the app takes it (src/snapshot/boot.ts). */
export function earlyFeedAnswer(): Promise<unknown> | undefined {
  return bootHandoff().earlyFeed?.answer;
}

/**
 * The call started at boot, if one is not yet taken, under the taker's limits: it fails when
 * `signal` aborts or no answer came within `timeout` ms from now. The first caller takes it;
 * undefined when there is none (the caller makes its own call).
 */
export function takeEarlyFeedCall({ signal, timeout }: FeedCallOptions & { timeout: number }): Promise<unknown> | undefined {
  const handoff = bootHandoff();
  const call = handoff.earlyFeed;
  handoff.earlyFeed = undefined;
  if (!call) {
    handoff.feedAsked = true;
    return undefined;
  }
  return new Promise((resolve, reject) => {
    const stop = () => {
      call.controller.abort();
      reject(new Error('The fetch-news call was aborted'));
    };
    if (signal?.aborted) return stop();
    const timer = setTimeout(stop, timeout);
    signal?.addEventListener('abort', stop, { once: true });
    call.answer.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    });
  });
}
