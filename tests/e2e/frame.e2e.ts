/**
 * The page in its HTML (docs/product.md#the-page-before-its-scripts): the frame shows before any
 * script runs, whatever the scripts then do; a "Reload" link when the app never takes over;
 * React takes the frame over with no mismatch in every state the URL and storage can put it in;
 * and the text typed into the frame before that is kept, on a phone 4x slower.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED, useHarness } from './support/harness.ts';
import {
  categoriesButton,
  eventually,
  expectedTitles,
  localStorageItem,
  onSite,
  openHomeWithStories,
  savedToggle,
  searchBox,
  searchParams,
  shownTitles,
  SITE,
  storedBookmarksScript,
  storyId,
  themeToggle,
} from './support/site.ts';

const h = useHarness();

/** The app's bundle: without it nothing of the app runs (the feed call's own small script still does). */
const APP_BUNDLE = /\/assets\/index-[^/]+\.js$/;
const LOAD_FAILED = 'The page could not load. Check your connection, then reload.';

function reloadLink(page: Page) {
  return page.getByRole('link', { name: 'Reload', exact: true });
}

const takeover = (page: Page) => page.evaluate(() => document.documentElement.dataset.app ?? null);
const documentTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);

/** Whether the page's background is dark (relative luminance under 0.1). */
async function darkBackground(page: Page): Promise<boolean> {
  const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.1;
}

/** The header, the search box, Categories, Saved and the skeleton cards of a loading story area. */
async function expectFrame(page: Page): Promise<void> {
  expect(await page.getByRole('heading', { level: 1, name: 'Newsroom', exact: true }).isVisible()).toBe(true);
  expect(await page.getByText('Stay informed with the latest news', { exact: true }).isVisible()).toBe(true);
  expect(await themeToggle(page).isVisible()).toBe(true);
  expect(await searchBox(page).isVisible()).toBe(true);
  expect(await searchBox(page).getAttribute('placeholder')).toBe('Search news stories...');
  expect(await categoriesButton(page).isVisible()).toBe(true);
  expect(await savedToggle(page).isVisible()).toBe(true);
  const area = page.getByRole('main');
  expect(await area.getAttribute('aria-busy')).toBe('true');
  expect(await area.locator('li').count()).toBeGreaterThanOrEqual(6);
}

/**
 * Attributes of the page that differ from what React holds for them. A production React keeps
 * the HTML's attributes where they differ from its first render (it patches nothing): a frame
 * rendered otherwise than the browser's first render would keep the wrong classes or states.
 */
function attributesReactDisagreesWith(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const checked: Record<string, string> = { className: 'class', 'aria-label': 'aria-label', 'aria-pressed': 'aria-pressed', 'aria-expanded': 'aria-expanded', disabled: 'disabled', value: 'value' };
    const found: string[] = [];
    for (const element of document.querySelectorAll('#root *')) {
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      if (!key) continue;
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key] ?? {};
      for (const [prop, attribute] of Object.entries(checked)) {
        if (!(prop in props) || (prop === 'value' && element.tagName !== 'INPUT')) continue;
        const value = props[prop];
        const aria = prop.startsWith('aria-');
        const expected = value === true ? (aria ? 'true' : '') : value === false ? (aria ? 'false' : null) : value == null ? null : String(value);
        const actual = prop === 'value' ? (element as HTMLInputElement).value : element.getAttribute(attribute);
        if (expected !== actual) found.push(`<${element.tagName.toLowerCase()}> ${attribute}: the page has ${JSON.stringify(actual)}, React ${JSON.stringify(expected)}`);
      }
    }
    return found;
  });
}

describe('the HTML alone', () => {
  it('shows the frame with no script at all, in the system theme, and a "Reload" link a few seconds later', async () => {
    const { page } = await h.open({ colorScheme: 'dark', context: { javaScriptEnabled: false } });
    await page.goto(`${SITE}/?q=lunar`);
    await expectFrame(page);
    expect(await darkBackground(page)).toBe(true);
    expect(await reloadLink(page).isVisible()).toBe(false);
    await reloadLink(page).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByText(LOAD_FAILED, { exact: true }).isVisible()).toBe(true);
    // An empty link: this very URL again, its filters too.
    expect(await reloadLink(page).getAttribute('href')).toBe('');
  });

  it('when the connection drops after the HTML: the frame in the stored theme, "Reload" at once, and the page back with its search', async () => {
    const { page } = await h.open({ colorScheme: 'light', expectConsoleErrors: [EXPECTED.failedRequests], initScripts: [onSite(`localStorage.setItem('theme', 'dark')`)] });
    await h.backend.refuse();
    await page.route(APP_BUNDLE, (route) => route.abort());
    await page.goto(`${SITE}/?q=lunar`, { waitUntil: 'commit' });
    await reloadLink(page).waitFor({ state: 'visible', timeout: 5_000 });
    await expectFrame(page);
    expect(await documentTheme(page)).toBe('dark');
    expect(await darkBackground(page)).toBe(true);
    // The stored theme's toggle, as the HTML holds it: none of the app has run.
    expect(await page.getByRole('button', { name: 'Switch to light theme', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(LOAD_FAILED, { exact: true }).isVisible()).toBe(true);

    await page.unroute(APP_BUNDLE);
    await h.backend.accept();
    await reloadLink(page).click();
    await eventually(() => shownTitles(page), 30_000).toEqual(expectedTitles({ q: 'lunar' }));
    expect(await searchBox(page).inputValue()).toBe('lunar');
    expect(await reloadLink(page).isVisible()).toBe(false);
    expect(await takeover(page)).toBe('ready');
  });
});

describe('React takes the frame over', () => {
  const states: Array<{ name: string; search: string; theme?: 'dark'; bookmarked?: string; check(page: Page): Promise<void> }> = [
    { name: 'light, no filter', search: '', check: async (page) => expect(await documentTheme(page)).toBe('light') },
    {
      name: 'the stored dark theme',
      search: '',
      theme: 'dark',
      check: async (page) => {
        expect(await documentTheme(page)).toBe('dark');
        expect(await page.getByRole('button', { name: 'Switch to light theme', exact: true }).isVisible()).toBe(true);
      },
    },
    { name: 'a search in the URL', search: '?q=lunar', check: async (page) => expect(await searchBox(page).inputValue()).toBe('lunar') },
    { name: 'a category in the URL', search: '?category=World', check: async (page) => expect(await categoriesButton(page).textContent()).toContain('1') },
    {
      name: 'Saved in the URL, with a bookmark stored',
      search: '?saved=1',
      bookmarked: 'Harbour bridge reopens after storm repairs finish early',
      check: async (page) => {
        expect(await savedToggle(page).getAttribute('aria-pressed')).toBe('true');
        expect(await shownTitles(page)).toEqual(['Harbour bridge reopens after storm repairs finish early']);
      },
    },
  ];

  for (const state of states) {
    it(`with no mismatch and nothing left of the frame: ${state.name}`, async () => {
      const initScripts = [
        ...(state.theme ? [onSite(`localStorage.setItem('theme', '${state.theme}')`)] : []),
        ...(state.bookmarked ? [storedBookmarksScript([await storyId(h.functionEndpoint, state.bookmarked)])] : []),
      ];
      // Any hydration mismatch React reports is an uncaught page error, which fails the test.
      const { page } = await h.open({ initScripts });
      await openHomeWithStories(page, state.search);
      await eventually(() => takeover(page)).toBe('ready');
      expect(await attributesReactDisagreesWith(page)).toEqual([]);
      await state.check(page);
      expect(await reloadLink(page).isVisible()).toBe(false);
    });
  }
});

describe('before the app has taken over, at 4x CPU', () => {
  it('keeps the text typed and filters by it once the app has taken over, whose controls answer from then on', async () => {
    const { page, context } = await h.open({ colorScheme: 'light' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(APP_BUNDLE, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${SITE}/`, { waitUntil: 'commit' });
      await searchBox(page).pressSequentially('lunar');
      // Nothing of the app has run yet: the frame took the keys as plain HTML.
      expect(await takeover(page)).toBeNull();
      release();

      await eventually(() => takeover(page), 30_000).toBe('ready');
      await eventually(() => searchParams(page).get('q'), 30_000).toBe('lunar');
      expect(await searchBox(page).inputValue()).toBe('lunar');
      await themeToggle(page).click();
      await eventually(() => documentTheme(page), 30_000).toBe('dark');
      expect(await localStorageItem(page, 'theme')).toBe('dark');
      await categoriesButton(page).click();
      await page.getByRole('menu', { name: 'Categories' }).waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await eventually(() => shownTitles(page), 30_000).toEqual(expectedTitles({ q: 'lunar' }));
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });
});
