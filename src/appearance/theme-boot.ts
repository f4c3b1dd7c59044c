/**
 * Built by scripts/standalone-scripts.ts into /theme-boot.js, a classic script of its own (the
 * theme key inlined from src/browser/storage-keys.ts), which index.html's head loads before
 * anything else. Only what must be in place before the first paint
 * (docs/product.md#the-page-before-its-scripts): the stored theme on the page, which page the
 * address names when it is not the home page's frame, and an ear for the page's scripts that
 * cannot load, which tells the boot at once (index.html's "Reload" notice).
 */
import { THEME_STORAGE_KEY } from '../browser/storage-keys.ts';
import { tellBoot } from '../browser/takeover.ts';

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
// The HTML's frame is the home page's: under a story's address, index.html's styles hide its stories until the app draws the story.
if (window.location.pathname.startsWith('/story/')) html.setAttribute('data-route', 'story');

// A script's failure to load does not bubble: only a capturing listener in place before the scripts start hears it.
window.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLScriptElement) tellBoot('script.failed');
  },
  true,
);
