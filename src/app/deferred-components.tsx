/**
 * Components the first render does not need, split out of the main bundle (docs/performance.md).
 * The first render is the header, the filters and the skeleton; the cards, the menus and the
 * toast region arrive in chunks that start downloading at once, beside the feed call.
 */
import { lazy, type ComponentType } from 'react';

function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return { Component: lazy(preload), preload };
}

export const DeferredStorySections = deferred(() => import('./stories-chunk.ts').then((m) => m.StorySections));
export const DeferredCategoryPicker = deferred(() => import('../components/CategoryPicker.tsx').then((m) => m.CategoryPicker));
export const DeferredCategoryChips = deferred(() => import('../components/CategoryChips.tsx').then((m) => m.CategoryChips));
export const DeferredToastRegion = deferred(() => import('../components/Toasts.tsx').then((m) => m.ToastRegion));
// React Aria's tooltip brings overlay positioning; the toggle appears in its reserved place
// a moment after the first paint (never swapped, so no press or focus can be lost).
export const DeferredThemeToggle = deferred(() => import('../components/ThemeToggle.tsx').then((m) => m.ThemeToggle));

// The "New" count line, the reading keys and their dialog (src/app/ReaderFeatures.tsx): in the
// stories' chunk, so it arrives with the cards (a chunk of its own would split the shared ones).
export const DeferredReaderFeatures = deferred(() => import('./stories-chunk.ts').then((m) => m.ReaderFeatures));

// The demo and offline notices and the "new stories" bar: they only show with stories, so they
// come with the cards.
export const DeferredFeedNotices = deferred(() => import('./stories-chunk.ts').then((m) => m.FeedNotices));

export function preloadDeferredComponents() {
  for (const { preload } of [DeferredThemeToggle, DeferredStorySections, DeferredCategoryPicker, DeferredCategoryChips, DeferredToastRegion]) void preload();
}
