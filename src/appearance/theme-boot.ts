/**
 * Built by scripts/standalone-scripts.ts into /theme-boot.js, a classic script of its own (the
 * theme key inlined from src/browser/storage-keys.ts), which index.html's head loads before
 * anything else: the theme before first paint; no beforeunload listener; the load-failure notice
 * at once when a script cannot load; and the presses made on the page's frame before the app
 * took over, made again once it has (docs/product.md#the-page-before-its-scripts).
 */
import { THEME_STORAGE_KEY } from '../browser/storage-keys.ts';
import { markTakeover } from '../browser/takeover.ts';

// Before any module runs: libraries add beforeunload listeners as they load, and the page wants none.
const add = window.addEventListener.bind(window);
window.addEventListener = function (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
  if (type !== 'beforeunload') add(type, listener, options);
} as typeof window.addEventListener;

const html = document.documentElement;
let theme: string | null = null;
try {
  theme = window.localStorage.getItem(THEME_STORAGE_KEY);
} catch {
  // Unreadable: the system's.
}
if (theme !== 'dark' && theme !== 'light') theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
html.setAttribute('data-theme', theme);
html.style.colorScheme = theme;

window.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLScriptElement && html.dataset.app !== 'ready') markTakeover('failed');
  },
  true,
);

// A button of the frame pressed before the app's entry ran: nothing listened then; it is pressed
// again once the app's first render is on screen (from `starting` on, React takes presses itself).
const early: HTMLElement[] = [];
document.addEventListener(
  'click',
  (event) => {
    if (html.dataset.app !== undefined && html.dataset.app !== 'failed') return;
    const button = event.target instanceof Element ? event.target.closest('#root button') : null;
    if (button instanceof HTMLElement) early.push(button);
  },
  true,
);
new MutationObserver((_, observer) => {
  if (html.dataset.app !== 'ready') return;
  observer.disconnect();
  for (const button of early.splice(0)) if (button.isConnected) button.click();
}).observe(html, { attributes: true, attributeFilter: ['data-app'] });
