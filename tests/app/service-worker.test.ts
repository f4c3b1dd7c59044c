/**
 * The service worker's rules (src/sw/policy.ts, docs/deploy.md#offline-and-updates): only
 * same-origin GETs of the site's own files come from its cache, every navigation gets the
 * kept index.html, and the feed call is never its business. And its registration, which never
 * breaks the page.
 */
import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../src/app/service-worker-registration.ts';
import { APP_SHELL, cacheName, handlingOf, staleCaches } from '../../src/sw/policy.ts';

const ORIGIN = 'https://news.example.com';
const PRECACHED = new Set(['/', '/assets/index-abc123.js', '/assets/samples-def456.js', '/manifest.webmanifest', '/icons/icon-192.png']);
const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode });

describe('what the worker answers from its cache', () => {
  it.each([
    ['the entry script', get(`${ORIGIN}/assets/index-abc123.js`, 'cors'), '/assets/index-abc123.js'],
    ['a lazy chunk', get(`${ORIGIN}/assets/samples-def456.js`), '/assets/samples-def456.js'],
    ['the manifest', get(`${ORIGIN}/manifest.webmanifest`, 'no-cors'), '/manifest.webmanifest'],
    ['an icon opened directly', get(`${ORIGIN}/icons/icon-192.png`, 'navigate'), '/icons/icon-192.png'],
  ])('%s: the kept file', (_case, request, path) => {
    expect(handlingOf(request, ORIGIN, PRECACHED)).toEqual({ kind: 'cached', path });
  });

  it.each([
    ['the home page', `${ORIGIN}/`],
    ['a filtered view', `${ORIGIN}/?q=climate&category=Science`],
    ['/index.html itself', `${ORIGIN}/index.html`],
    ['an unknown path (the not-found page renders)', `${ORIGIN}/some/unknown/path`],
  ])('a navigation to %s: the kept index.html', (_case, url) => {
    expect(APP_SHELL).toBe('/');
    expect(handlingOf(get(url, 'navigate'), ORIGIN, PRECACHED)).toEqual({ kind: 'app-shell' });
  });

  it.each([
    ['the feed call on the backend origin', get('https://project.supabase.co/functions/v1/fetch-news')],
    ['the feed call, even same-origin and as a GET', get(`${ORIGIN}/functions/v1/fetch-news`)],
    ['a same-origin navigation to the feed call', get(`${ORIGIN}/functions/v1/fetch-news`, 'navigate')],
    ['the feed call as a POST', { method: 'POST', url: `${ORIGIN}/functions/v1/fetch-news`, mode: 'cors' }],
    ['a story image on a publisher host', get('https://images.example.org/story-1.jpg', 'no-cors')],
    ['a navigation to another site', get('https://news.example.org/story', 'navigate')],
    ['a POST to a kept path', { method: 'POST', url: `${ORIGIN}/assets/index-abc123.js`, mode: 'cors' }],
    ['a file the build did not ship', get(`${ORIGIN}/assets/index-old999.js`)],
    ['a kept file with a query', get(`${ORIGIN}/assets/index-abc123.js?v=2`)],
    ['a lookalike origin', get('https://news.example.com.evil.example/assets/index-abc123.js')],
  ])('%s: the network, untouched', (_case, request) => {
    expect(handlingOf(request, ORIGIN, PRECACHED)).toEqual({ kind: 'network' });
  });
});

describe('versions', () => {
  it('names the cache after the build and deletes only earlier caches of this site', () => {
    const current = cacheName('1234abcd');
    expect(current).toBe('newsroom-1234abcd');
    expect(staleCaches(['newsroom-0000aaaa', current, 'other-app-cache', 'newsroom-ffff0000'], current)).toEqual(['newsroom-0000aaaa', 'newsroom-ffff0000']);
  });
});

describe('registering the worker', () => {
  it('registers /sw.js for the whole site', async () => {
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    registerServiceWorker({ serviceWorker: { register } as unknown as ServiceWorkerContainer });
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
  });

  it('does nothing where there are no service workers, and swallows a refused registration', async () => {
    expect(() => registerServiceWorker({})).not.toThrow();
    const refused = Promise.reject(new DOMException('Service workers are disabled', 'SecurityError'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      registerServiceWorker({ serviceWorker: { register: () => refused } as unknown as ServiceWorkerContainer });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
