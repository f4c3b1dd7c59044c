import { FILTER_STEP, prepareSearchIndex } from '../domain/filter.ts';
import type { Story } from '../domain/story.ts';

/** Longest slice of index work per task: well under a long task even at 4x CPU throttling. */
const SLICE_MS = 6;

/**
 * Prepares the search index of `stories` in the background, a few milliseconds per task, so
 * that neither the cards nor a keystroke wait for it and the first search only searches
 * (docs/performance.md). Returns the cancel function (an effect's cleanup).
 */
export function prepareSearchInBackground(stories: readonly Story[]): () => void {
  // The next chunk of the index (FILTER_STEP stories), prepared between two clock readings.
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = () => {
    const end = performance.now() + SLICE_MS;
    while (next * FILTER_STEP < stories.length && performance.now() < end) prepareSearchIndex(stories, next++);
    timer = next * FILTER_STEP < stories.length ? setTimeout(work, 0) : undefined;
  };
  timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * Runs `steps` (a search: createStoryFilter's `steps`) a few milliseconds per task, each task
 * posted as a message so that it waits for no timer and lets a key press and a frame go first,
 * then hands its answer to `done`. It starts once the next frame has begun, so that the frame
 * showing the key that started it never waits for it (or for the results it renders). Returns
 * the cancel function: a search overtaken by the next key never finishes.
 */
export function searchInSlices<T>(steps: Generator<void, T, void>, done: (answer: T) => void): () => void {
  let cancelled = false;
  const work = () => {
    if (cancelled) return;
    const end = performance.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        done(step.value);
        return;
      }
      if (performance.now() >= end) break;
    }
    postTask(work);
  };
  // Posted from the frame's callbacks: the first slice runs after that frame's paint.
  const frame = requestAnimationFrame(() => postTask(work));
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}

/**
 * One channel for every search's slices, in order: a channel is costly to open (about 1 ms a
 * key at 4x CPU throttling, measured), and each key starts a search. A cancelled slice still
 * runs, and returns at once.
 */
const slices: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => slices.shift()?.();

function postTask(slice: () => void) {
  slices.push(slice);
  channel.port2.postMessage(null);
}
