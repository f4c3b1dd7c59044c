/**
 * Components the first render does not need, split out of the main bundle (docs/performance.md).
 * The first render is the header, the filters and the skeleton. The cards (with the reader
 * features) load at once, beside the feed call: the first card waits for them. The menus, the
 * chips, the theme toggle and the toast region wait until the story area has settled (cards
 * on screen, or an empty, error or demo state), so that they never compete with the first
 * card for the network or the CPU; their places hold fallbacks until then. A feed call that
 * keeps the skeleton up for WAITING_BEFORE_REST_MS does not hold them back any longer.
 */
import { lazy, type ComponentType } from 'react';

/** Longest wait for the story area before the rest loads anyway (a slow feed call). */
const SETTLE_WAIT_MS = 3000;

/**
 * How long the skeleton must have been waiting for the feed's answer before the rest loads
 * meanwhile: the call is slow, and the time is better spent on the controls (evaluating their
 * chunks is a task of 70-200 ms at 4x CPU throttling) now than after the answer, when the
 * cards' render would wait for it (docs/performance.md).
 */
export const WAITING_BEFORE_REST_MS = 1000;

let settle: () => void = () => {};
const storyAreaSettled = new Promise<void>((resolve) => {
  settle = resolve;
});
if (typeof window !== 'undefined') window.setTimeout(() => settle(), SETTLE_WAIT_MS);

/** Resolves when the story area has settled, or SETTLE_WAIT_MS after the app loaded (src/main.tsx: the snapshot goes). */
export function whenStoryAreaSettled(): Promise<void> {
  return storyAreaSettled;
}

let allowRest: () => void = () => {};
const restAllowed = new Promise<void>((resolve) => {
  allowRest = resolve;
});
void storyAreaSettled.then(() => allowRest());

/** Resolves when the rest may load: the story area has settled, or has long been waiting for the answer. */
export function whenRestMayLoad(): Promise<void> {
  return restAllowed;
}

/**
 * The story area shows the skeleton, waiting for the feed's answer: once it has waited
 * WAITING_BEFORE_REST_MS, the rest loads. Returns the cancel (the answer came first).
 */
export function markStoryAreaWaiting(): () => void {
  const timer = window.setTimeout(allowRest, WAITING_BEFORE_REST_MS);
  return () => window.clearTimeout(timer);
}

/** The story area shows its first cards, or a state with none: the rest may load now. */
export function markStoryAreaSettled(): void {
  settle();
}

function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return { Component: lazy(preload), preload };
}

export const DeferredStorySections = deferred(() => import('./stories-chunk.ts').then((m) => m.StorySections));
// The "New" count line, the reading keys and their dialog (src/app/ReaderFeatures.tsx): in the
// stories' chunk, so it arrives with the cards (a chunk of its own would split the shared ones).
export const DeferredReaderFeatures = deferred(() => import('./stories-chunk.ts').then((m) => m.ReaderFeatures));

// "No stories found": only a search or a filter over stories can come to it, and the stories'
// chunk is on its way from the start (preloadStoryComponents).
export const DeferredEmptyState = deferred(() => import('./stories-chunk.ts').then((m) => m.EmptyState));

// The demo and offline notices and the "new stories" bar: they only show with stories, so they
// come with the cards.
export const DeferredFeedNotices = deferred(() => import('./stories-chunk.ts').then((m) => m.FeedNotices));

// The rest, all at once when the story area has settled (or long waited): they show up together.
let rest: Promise<[typeof import('../components/CategoryPicker.tsx'), typeof import('../components/CategoryChips.tsx'), typeof import('./AppToasts.tsx'), typeof import('../components/ThemeToggle.tsx')]> | undefined;
const loadRest = () =>
  (rest ??= restAllowed.then(() =>
    Promise.all([import('../components/CategoryPicker.tsx'), import('../components/CategoryChips.tsx'), import('./AppToasts.tsx'), import('../components/ThemeToggle.tsx')]),
  ));

export const DeferredCategoryPicker = deferred(() => loadRest().then(([m]) => m.CategoryPicker));
export const DeferredCategoryChips = deferred(() => loadRest().then(([, m]) => m.CategoryChips));
// Toasts raised before it loads wait for it (src/components/pending-toasts.ts).
export const DeferredToastRegion = deferred(() => loadRest().then(([, , m]) => m.AppToastRegion));
// React Aria's tooltip brings overlay positioning; the toggle appears in its reserved place
// once the stories show (never swapped, so no press or focus can be lost).
export const DeferredThemeToggle = deferred(() => loadRest().then(([, , , m]) => m.ThemeToggle));

/** Starts loading the cards' chunk (main.tsx, before the first render). */
export function preloadStoryComponents() {
  void DeferredStorySections.preload();
}
