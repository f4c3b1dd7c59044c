/**
 * The search as the visitor types (src/app/search-index.ts): it waits for the frame that shows
 * the key, then runs a few milliseconds per task until it answers, and a search overtaken by
 * the next key never answers. (That the page gets its turn between two tasks is the browser's
 * part, measured by `npm run bench`; Node drains posted messages before its timers.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchInSlices } from '../../src/app/search-index.ts';

/** Animation frames that run only when the test says so. */
let frames: Map<number, FrameRequestCallback>;
let nextFrame: number;

function runFrame(): void {
  const callbacks = [...frames.values()];
  frames.clear();
  for (const callback of callbacks) callback(performance.now());
}

/** Lets every posted message (each a slice of the search) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A search of `count` steps that records each step it takes and answers with their number. */
function countingSearch(count: number, taken: number[]): Generator<void, number, void> {
  return (function* () {
    for (let step = 1; step <= count; step += 1) {
      taken.push(step);
      yield;
    }
    return count;
  })();
}

/** A search whose steps take about a millisecond each, so that it outlasts a slice. */
function slowSearch(count: number, taken: number[]): Generator<void, number, void> {
  return (function* () {
    for (let step = 1; step <= count; step += 1) {
      const until = performance.now() + 1;
      while (performance.now() < until) {
        // Busy: a millisecond of filtering.
      }
      taken.push(step);
      yield;
    }
    return count;
  })();
}

beforeEach(() => {
  frames = new Map();
  nextFrame = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    const id = nextFrame++;
    frames.set(id, callback);
    return id;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('searchInSlices', () => {
  it('takes no step before the next frame, then runs every step and answers once', async () => {
    const taken: number[] = [];
    const done = vi.fn();
    searchInSlices(countingSearch(1000, taken), done);
    await settle();
    expect(taken).toEqual([]);
    expect(done).not.toHaveBeenCalled();

    runFrame();
    await settle();
    expect(taken).toHaveLength(1000);
    expect(done).toHaveBeenCalledExactlyOnceWith(1000);
  });

  it('slices a long search: each slice ends after a few milliseconds and posts the next one', async () => {
    const posted = vi.spyOn(MessagePort.prototype, 'postMessage');
    const taken: number[] = [];
    const done = vi.fn();
    searchInSlices(slowSearch(40, taken), done);
    runFrame();
    await settle();
    expect(taken).toHaveLength(40);
    expect(done).toHaveBeenCalledExactlyOnceWith(40);
    // 40 ms of work: the first message and at least one more per 6 ms slice.
    expect(posted.mock.calls.length).toBeGreaterThan(4);
  });

  it('never starts when cancelled before the frame (the next key came first)', async () => {
    const taken: number[] = [];
    const done = vi.fn();
    const cancel = searchInSlices(countingSearch(10, taken), done);
    cancel();
    runFrame();
    await settle();
    expect(taken).toEqual([]);
    expect(done).not.toHaveBeenCalled();
  });

  it('never answers when cancelled between two slices (the next key came in between)', async () => {
    const taken: number[] = [];
    const done = vi.fn();
    let cancel = () => {};
    let stepsAtCancel = -1;
    let posts = 0;
    const post = MessagePort.prototype.postMessage;
    vi.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (this: MessagePort, message: unknown) {
      posts += 1;
      // The first post starts the search; the second ends its first slice: the key comes then.
      if (posts === 2) {
        stepsAtCancel = taken.length;
        cancel();
      }
      post.call(this, message);
    });
    cancel = searchInSlices(slowSearch(1000, taken), done);
    runFrame();
    await settle();
    expect(stepsAtCancel).toBeGreaterThan(0);
    expect(stepsAtCancel).toBeLessThan(1000);
    expect(taken).toHaveLength(stepsAtCancel);
    expect(done).not.toHaveBeenCalled();
  });

  it('answers each search of a run of keys in turn, the cancelled ones never, over one channel', async () => {
    // A fresh module, so that its channel is opened under the counting stand-in.
    vi.resetModules();
    const opened = vi.fn();
    class CountedChannel extends MessageChannel {
      constructor() {
        super();
        opened();
      }
    }
    vi.stubGlobal('MessageChannel', CountedChannel);
    const { searchInSlices: search } = await import('../../src/app/search-index.ts');
    const answers: string[] = [];
    for (let key = 1; key <= 6; key += 1) {
      const cancel = search(slowSearch(8, []), (count) => answers.push(`search ${key}: ${count}`));
      // Every other search is overtaken before its frame; the others run side by side.
      if (key % 2 === 0) cancel();
    }
    runFrame();
    await settle();
    expect(answers).toEqual(['search 1: 8', 'search 3: 8', 'search 5: 8']);
    expect(opened).toHaveBeenCalledOnce();
  });
});
