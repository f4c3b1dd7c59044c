// @vitest-environment jsdom
/**
 * /theme-boot.js, the head's one blocking script (docs/product.md#theme,
 * docs/product.md#when-the-page-cannot-load): served by the dev server as `npm start` runs it,
 * built by the same method as the production build's, and run here in a page of its own.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

let vite: ViteDevServer;
let http: Server;
let script = '';
let contentType = '';

beforeAll(async () => {
  vite = await createServer({ configFile: 'vite.config.ts', logLevel: 'silent', server: { middlewareMode: true }, optimizeDeps: { noDiscovery: true, include: [] } });
  http = createHttpServer(vite.middlewares);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const response = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/theme-boot.js`);
  expect(response.status).toBe(200);
  contentType = response.headers.get('content-type') ?? '';
  script = await response.text();
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await vite.close();
});

// The frame's buttons as index.html holds them before the app has taken over.
const PAGE = `<div id="root"><button type="button" aria-label="Switch to dark theme"></button><button type="button">Categories</button></div>`;

// The page as index.html has it before the script runs.
beforeEach(() => {
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-app');
  document.documentElement.style.colorScheme = '';
  document.body.innerHTML = PAGE;
  localStorage.clear();
});

/** The page after the script ran with `stored` under the `theme` key. */
function pageAfterScript(stored: string | null, systemDark = false) {
  if (stored !== null) localStorage.setItem('theme', stored);
  window.matchMedia = (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }) as MediaQueryList;
  // As the browser runs a classic script: in the global scope.
  (0, eval)(script);
  return window;
}

describe('the dev server serves /theme-boot.js', () => {
  it('as one classic script: no import, no export', () => {
    expect(contentType).toContain('javascript');
    expect(/^\s*(import|export)\b|\bimport\(/m.test(script)).toBe(false);
  });
});

describe('theme-boot', () => {
  it('applies the theme stored under "theme" before anything else runs', () => {
    const dark = pageAfterScript('dark');
    expect(dark.document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(dark.document.documentElement.style.colorScheme).toBe('dark');
    expect(pageAfterScript('light', true).document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it("takes the system's scheme when nothing valid is stored", () => {
    expect(pageAfterScript(null, true).document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(pageAfterScript('purple', false).document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(pageAfterScript('', true).document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it("leaves the window's own methods as they are: it only sets the theme and listens for scripts that fail", () => {
    const { addEventListener } = window;
    pageAfterScript(null);
    expect(window.addEventListener).toBe(addEventListener);
  });

  it('marks the page failed when a script of the page cannot load, and only then (index.html shows its "Reload" notice at once)', () => {
    pageAfterScript(null);
    const image = document.createElement('img');
    document.body.append(image);
    image.dispatchEvent(new Event('error'));
    expect(document.documentElement.getAttribute('data-app')).toBeNull();
    const entry = document.createElement('script');
    document.head.append(entry);
    entry.dispatchEvent(new Event('error'));
    expect(document.documentElement.getAttribute('data-app')).toBe('failed');
  });

  it('leaves a page whose app has taken over as it is when a later script fails', () => {
    pageAfterScript(null);
    document.documentElement.setAttribute('data-app', 'ready');
    const late = document.createElement('script');
    document.head.append(late);
    late.dispatchEvent(new Event('error'));
    expect(document.documentElement.getAttribute('data-app')).toBe('ready');
  });
});
