/**
 * The feed call off the main thread (src/app/feed-call.ts): the page says which call to make,
 * or hands over a body it has read; this makes the call, reads and parses the answer,
 * validates its stories (docs/product.md#the-story-and-its-validation) and posts them back in
 * batches, so that the page spends no long task on a large answer (docs/performance.md).
 * Built into dist/feed-worker.js by scripts/feed-boot-plugin.ts; one request per worker.
 */
import { answerRequest, type FeedWorkerMessage, type FeedWorkerRequest } from './app/feed-worker-protocol.ts';

interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<FeedWorkerRequest>) => void): void;
  postMessage(message: FeedWorkerMessage): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  void answerRequest(event.data).then((messages) => {
    for (const message of messages) scope.postMessage(message);
  });
});

// Tells the page this script has loaded: until then, a failure to load leaves the call (or the
// body it sent) to the page itself (src/app/feed-call.ts).
scope.postMessage({ type: 'ready' });
