/**
 * Built by scripts/standalone-scripts.ts into /theme-boot.js, a classic script of its own (the
 * theme key inlined from src/browser/storage-keys.ts), which index.html's head loads before
 * anything else: the theme before first paint; index.html's fallback if a script fails; no
 * beforeunload listener (docs/product.md).
 */
import { THEME_STORAGE_KEY } from '../browser/storage-keys.ts';

// Before any module runs: libraries add beforeunload listeners as they load, and the page wants none.
const add = window.addEventListener.bind(window);
window.addEventListener = function (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
  if (type !== 'beforeunload') add(type, listener, options);
} as typeof window.addEventListener;

let theme: string | null = null;
try {
  theme = window.localStorage.getItem(THEME_STORAGE_KEY);
} catch {
  // Unreadable: the system's.
}
if (theme !== 'dark' && theme !== 'light') theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
document.documentElement.setAttribute('data-theme', theme);
document.documentElement.style.colorScheme = theme;
window.addEventListener(
  'error',
  (event) => {
    const fallback = document.getElementById('load-failed');
    if (fallback && event.target instanceof HTMLScriptElement) fallback.hidden = false;
  },
  true,
);
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.id === 'load-failed-reload') window.location.reload();
});
