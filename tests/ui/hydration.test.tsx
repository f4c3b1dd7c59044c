// @vitest-environment jsdom
/**
 * React takes over the page's frame (docs/product.md#the-page-before-its-scripts): the HTML of a
 * real production build, hydrated here by the app's own code in React's development build,
 * which reports every difference it finds between the HTML and its first render. In each state
 * a visitor can open the page in, nothing is reported, and the visitor's state shows after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountApp } from '../../src/app/mount.tsx';

let html = '';
let mounted: Root | undefined;
const reported: string[] = [];

beforeAll(() => {
  const dist = mkdtempSync(join(tmpdir(), 'news-hydration-'));
  try {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
      // Vitest sets NODE_ENV=test, which would make this a development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'pipe',
    });
    html = readFileSync(join(dist, 'index.html'), 'utf8');
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}, 180_000);

afterAll(() => vi.unstubAllGlobals());

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  localStorage.clear();
  reported.length = 0;
  vi.restoreAllMocks();
});

/** The built page as the browser has it before the app's entry runs, opened at `path`. */
function openBuiltPage(path: string, stored: Record<string, string> = {}): HTMLElement {
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = [...page.head.querySelectorAll('style')].map((style) => style.outerHTML).join('');
  document.body.innerHTML = page.body.innerHTML;
  document.documentElement.dataset.theme = stored.theme ?? 'light';
  delete document.documentElement.dataset.app;
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  window.history.replaceState(null, '', path);
  const root = document.getElementById('root');
  if (!root) throw new Error('the build has no #root');
  return root;
}

/** Mounts the app on the built page, with every problem React reports kept in `reported`. */
async function hydrate(path: string, stored?: Record<string, string>) {
  // The feed call never answers: the frame's loading state is what is compared.
  vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void reported.push(args.map(String).join(' ')));
  window.addEventListener('error', (event) => reported.push(String(event.error ?? event.message)), { once: true });
  const root = openBuiltPage(path, stored);
  expect(root.dataset.page).toBe('/');
  mounted = mountApp(root);
  await waitFor(() => expect(document.documentElement.dataset.app).toBe('ready'));
}

describe('the frame of a production build, hydrated', () => {
  it('holds the header, the search box, Categories, Saved and the loading story area before any script', () => {
    openBuiltPage('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Newsroom');
    expect(screen.getByRole('searchbox', { name: 'Search news stories' })).toHaveValue('');
    expect(screen.getByRole('button', { name: /^Categories/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  });

  it('in the dark theme theme-boot has put on the page, its toggle offers the light theme before any of the app has run', () => {
    openBuiltPage('/', { theme: 'dark' });
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to dark theme' })).toBeNull();
    document.documentElement.dataset.theme = 'light';
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('in the light theme with nothing stored: nothing reported', async () => {
    await hydrate('/');
    expect(reported).toEqual([]);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('in the stored dark theme: nothing reported, then the toggle offers the light theme', async () => {
    await hydrate('/', { theme: 'dark' });
    await screen.findByRole('button', { name: 'Switch to light theme' });
    expect(reported).toEqual([]);
  });

  it('with a search in the URL: nothing reported, then the box holds it', async () => {
    await hydrate('/?q=lunar');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search news stories' })).toHaveValue('lunar'));
    expect(reported).toEqual([]);
  });

  it('with a category and Saved in the URL and bookmarks stored: nothing reported, then Saved is pressed and counts them', async () => {
    await hydrate('/?category=World&saved=1', { newsBookmarks: '["a","b"]' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveTextContent('2');
    expect(reported).toEqual([]);
  });

  it('keeps text typed into the frame before the app took over, and filters by it', async () => {
    const root = openBuiltPage('/');
    const box = root.querySelector('input[type="search"]') as HTMLInputElement;
    box.value = 'lunar';
    vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
    mounted = mountApp(root);
    await waitFor(() => expect(document.documentElement.dataset.app).toBe('ready'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search news stories' })).toHaveValue('lunar'));
    await waitFor(() => expect(window.location.search).toBe('?q=lunar'), { timeout: 3000 });
  });
});
