/**
 * Components the first render does not need, split out of the main bundle (docs/performance.md).
 * The first render is the header, the filters and the skeleton. The cards (with the reader
 * features) load at once, beside the feed call: the first card waits for them. The menus, the
 * chips, the theme toggle and the toast region wait until the story area has settled (cards
 * on screen, or an empty, error or demo state), so that they never compete with the first
 * card for the network or the CPU; their places hold fallbacks until then.
 */
import { lazy, type ComponentType } from 'react';

/** Longest wait for the story area before the rest loads anyway (a slow feed call). */
const SETTLE_WAIT_MS = 3000;

let settle: () => void = () => {};
const storyAreaSettled = new Promise<void>((resolve) => {
  settle = resolve;
});
if (typeof window !== 'undefined') window.setTimeout(() => settle(), SETTLE_WAIT_MS);

/** The story area shows its first cards, or a state with none: the rest may load now. */
export function markStoryAreaSettled(): void {
  settle();
}

function deferred<P extends object>(load: () => Promise<ComponentType<P>>, after?: Promise<void>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= (after ? after.then(load) : load()).then((component) => ({ default: component })));
  return { Component: lazy(preload), preload };
}

export const DeferredStorySections = deferred(() => import('./stories-chunk.ts').then((m) => m.StorySections));
// The "New" count line, the reading keys and their dialog (src/app/ReaderFeatures.tsx): in the
// stories' chunk, so it arrives with the cards (a chunk of its own would split the shared ones).
export const DeferredReaderFeatures = deferred(() => import('./stories-chunk.ts').then((m) => m.ReaderFeatures));

export const DeferredCategoryPicker = deferred(() => import('../components/CategoryPicker.tsx').then((m) => m.CategoryPicker), storyAreaSettled);
export const DeferredCategoryChips = deferred(() => import('../components/CategoryChips.tsx').then((m) => m.CategoryChips), storyAreaSettled);
export const DeferredToastRegion = deferred(() => import('../components/Toasts.tsx').then((m) => m.ToastRegion), storyAreaSettled);
// React Aria's tooltip brings overlay positioning; the toggle appears in its reserved place
// once the stories show (never swapped, so no press or focus can be lost).
export const DeferredThemeToggle = deferred(() => import('../components/ThemeToggle.tsx').then((m) => m.ThemeToggle), storyAreaSettled);

/** Starts loading the cards' chunk (main.tsx, before the first render). */
export function preloadStoryComponents() {
  void DeferredStorySections.preload();
}
