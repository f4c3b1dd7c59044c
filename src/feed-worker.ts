/**
 * The feed call off the main thread (src/app/feed-call.ts): the page says which call to make;
 * this makes it, reads and parses the answer, validates its stories
 * (docs/product.md#the-story-and-its-validation) and posts them back in batches, so that the
 * page never spends a long task on a large answer, not even on its bytes (docs/performance.md).
 * Built into dist/feed-worker.js by scripts/feed-boot-plugin.ts; one call per worker.
 */
import { callAndRead, type FeedWorkerMessage, type FeedWorkerRequest } from './app/feed-worker-protocol.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<FeedWorkerRequest>) => void): void;
  postMessage(message: FeedWorkerMessage): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void callAndRead(event.data).then((messages) => {
    for (const message of messages) scope.postMessage(message);
  });
});
