/**
 * How far the app has taken over the page's HTML, on <html> as `data-app` (docs/product.md#the-page-before-its-scripts):
 * absent until the app's entry runs; `starting` from then (React takes every press); `ready`
 * once the first render is on screen; `failed` when a script of the page could not load.
 * index.html's styles show its "Reload" notice by it, and theme-boot replays the presses made
 * before React was there.
 */
export type Takeover = 'starting' | 'ready' | 'failed';

export function markTakeover(state: Takeover): void {
  document.documentElement.dataset.app = state;
}
