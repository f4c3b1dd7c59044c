/**
 * The feed answer's parsing and validation off the main thread (src/app/feed-call.ts): the
 * page makes the call and hands over the body; this parses it, validates its stories
 * (docs/product.md#the-story-and-its-validation) and posts them back in batches, so that the
 * page never spends one long task on a large answer (docs/performance.md). Built into
 * dist/feed-worker.js by scripts/feed-boot-plugin.ts; one answer per worker.
 */
import { readAnswer, type FeedWorkerMessage, type FeedWorkerRequest } from './app/feed-worker-protocol.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<FeedWorkerRequest>) => void): void;
  postMessage(message: FeedWorkerMessage): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  for (const message of readAnswer(event.data.body)) scope.postMessage(message);
});
