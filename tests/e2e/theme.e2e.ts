/**
 * Light and dark theme (docs/product.md#theme): the system
 * preference on a first visit, the toggle, the stored choice, and no flash of the wrong theme.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED, useHarness } from './support/harness.ts';
import { eventually, localStorageItem, onSite, openHomeWithStories, SITE, themeToggle } from './support/site.ts';

const h = useHarness();

async function documentTheme(page: Page) {
  return page.evaluate(() => ({
    dataTheme: document.documentElement.getAttribute('data-theme'),
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
  }));
}

/** Relative luminance (0 black .. 1 white) of the page background. */
async function backgroundLuminance(page: Page): Promise<number> {
  const color = await page.evaluate(() => {
    const html = getComputedStyle(document.documentElement).backgroundColor;
    const body = getComputedStyle(document.body).backgroundColor;
    return body === 'rgba(0, 0, 0, 0)' ? html : body;
  });
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('the theme', () => {
  it('follows a dark system preference on a first visit', async () => {
    const { page } = await h.open({ colorScheme: 'dark' });
    await openHomeWithStories(page);
    expect(await documentTheme(page)).toEqual({ dataTheme: 'dark', colorScheme: 'dark' });
    expect(await page.getByRole('button', { name: 'Switch to light theme', exact: true }).isVisible()).toBe(true);
    expect(await backgroundLuminance(page)).toBeLessThan(0.1);
    expect(await localStorageItem(page, 'theme')).toBeNull();
  });

  it('follows a light system preference on a first visit', async () => {
    const { page } = await h.open({ colorScheme: 'light' });
    await openHomeWithStories(page);
    expect(await documentTheme(page)).toEqual({ dataTheme: 'light', colorScheme: 'light' });
    expect(await page.getByRole('button', { name: 'Switch to dark theme', exact: true }).isVisible()).toBe(true);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.7);
  });

  it('switches between dark and light with the toggle, renaming it and storing the choice', async () => {
    const { page } = await h.open({ colorScheme: 'light' });
    await openHomeWithStories(page);
    await page.getByRole('button', { name: 'Switch to dark theme', exact: true }).click();
    await eventually(() => documentTheme(page)).toEqual({ dataTheme: 'dark', colorScheme: 'dark' });
    expect(await page.getByRole('button', { name: 'Switch to light theme', exact: true }).isVisible()).toBe(true);
    expect(await localStorageItem(page, 'theme')).toBe('dark');
    expect(await backgroundLuminance(page)).toBeLessThan(0.1);

    await page.getByRole('button', { name: 'Switch to light theme', exact: true }).click();
    await eventually(() => documentTheme(page)).toEqual({ dataTheme: 'light', colorScheme: 'light' });
    expect(await page.getByRole('button', { name: 'Switch to dark theme', exact: true }).isVisible()).toBe(true);
    expect(await localStorageItem(page, 'theme')).toBe('light');
  });

  it('shows the new colours as soon as the theme switches, before any frame (the harness asks for reduced motion)', async () => {
    const { page } = await h.open({ colorScheme: 'light' });
    await openHomeWithStories(page);
    // One task: the click, React's commit (a microtask for a click), the style read. A transition,
    // however short, would still show the old background here: it only moves on with a frame.
    const seen = await page.evaluate(async () => {
      // Named by its visible face's hidden text: the other face is display: none, out of innerText.
      const toggle = Array.from(document.querySelectorAll('button')).find((button) => button.innerText === 'Switch to dark theme');
      if (!toggle) return null;
      toggle.click();
      for (let i = 0; i < 100 && document.documentElement.dataset.theme !== 'dark'; i += 1) await Promise.resolve();
      return { theme: document.documentElement.dataset.theme, background: getComputedStyle(document.body).backgroundColor };
    });
    expect(seen).toEqual({ theme: 'dark', background: 'rgb(18, 19, 22)' }); // the dark page colour, #121316
  });

  it('keeps the chosen theme after a reload, even against the system preference', async () => {
    const { page } = await h.open({ colorScheme: 'light' });
    await openHomeWithStories(page);
    await themeToggle(page).click();
    await eventually(() => localStorageItem(page, 'theme')).toBe('dark');
    await page.reload();
    await openHomeWithStories(page);
    expect(await documentTheme(page)).toEqual({ dataTheme: 'dark', colorScheme: 'dark' });
    expect(await page.getByRole('button', { name: 'Switch to light theme', exact: true }).isVisible()).toBe(true);
  });

  it('keeps a stored light theme against a dark system preference', async () => {
    const { page } = await h.open({ colorScheme: 'dark', initScripts: [onSite(`localStorage.setItem('theme', 'light')`)] });
    await openHomeWithStories(page);
    expect(await documentTheme(page)).toEqual({ dataTheme: 'light', colorScheme: 'light' });
  });

  it('paints a stored dark theme before the app’s JavaScript runs (no flash of light)', async () => {
    const { page } = await h.open({
      colorScheme: 'light',
      initScripts: [onSite(`localStorage.setItem('theme', 'dark')`)],
      // The app bundle is blocked on purpose below.
      expectConsoleErrors: [EXPECTED.failedRequests],
    });
    let blocked = 0;
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => {
      blocked += 1;
      return route.abort();
    });
    await page.goto(SITE);
    await page.waitForLoadState('load');
    expect(blocked).toBe(1);
    // Nothing of the app has run: the page is index.html's frame, yet already dark.
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('failed');
    expect(await documentTheme(page)).toEqual({ dataTheme: 'dark', colorScheme: 'dark' });
    expect(await backgroundLuminance(page)).toBeLessThan(0.1);
  });

  it('has the stored dark theme on <html> when the document is first parsed', async () => {
    const { page } = await h.open({
      colorScheme: 'light',
      initScripts: [
        onSite(`
          localStorage.setItem('theme', 'dark');
          window.__themeAtFirstParse = [];
          document.addEventListener('DOMContentLoaded', () => window.__themeAtFirstParse.push(document.documentElement.getAttribute('data-theme')));
          new MutationObserver((changes, observer) => {
            if (document.body) {
              window.__themeAtFirstParse.unshift(document.documentElement.getAttribute('data-theme'));
              observer.disconnect();
            }
          }).observe(document, { childList: true, subtree: true });
        `),
      ],
    });
    await openHomeWithStories(page);
    expect(await page.evaluate(() => (window as unknown as { __themeAtFirstParse: unknown[] }).__themeAtFirstParse)).toEqual(['dark', 'dark']);
  });

  it('picks up a theme chosen in another tab', async () => {
    const { page, context } = await h.open({ colorScheme: 'light' });
    await openHomeWithStories(page);
    const other = await context.newPage();
    await openHomeWithStories(other);
    await themeToggle(other).click();
    await eventually(() => documentTheme(page)).toEqual({ dataTheme: 'dark', colorScheme: 'dark' });
    expect(await page.getByRole('button', { name: 'Switch to light theme', exact: true }).isVisible()).toBe(true);
  });
});
