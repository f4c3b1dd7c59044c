/**
 * The fault matrix: a backend that refuses, errs, hangs or answers nonsense, hostile story
 * content, a huge feed, and broken browser storage. Each case must end on the right screen with
 * no uncaught error, no dialog and no console error (the harness fails the test otherwise; only
 * the cases whose requests fail on purpose accept Chromium's "Failed to load resource" line),
 * and must leave the visitor's stored bookmarks as they were.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { EXPECTED, type OpenOptions, useHarness } from './support/harness.ts';
import {
  categoriesButton,
  demoNotice,
  eventually,
  localStorageItem,
  onSite,
  openHome,
  openHomeWithStories,
  searchBox,
  section,
  shownTitles,
  storyArea,
  storyCard,
  themeToggle,
  toast,
  runUntilTakeover,
} from './support/site.ts';

const h = useHarness();
const LIVE_TITLES = EXPECTED_STORIES.map((story) => story.title);
const STORED_BOOKMARKS = JSON.stringify(['kept-bookmark-1', 'kept-bookmark-2']);
/** Stores two bookmarks before the first load, so that each case can check they survive. */
const SEED_BOOKMARKS = onSite(
  `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('newsBookmarks', ${JSON.stringify(STORED_BOOKMARKS)}); }`,
);

function open(options: OpenOptions = {}) {
  return h.open({
    ...options,
    initScripts: [SEED_BOOKMARKS, ...(options.initScripts ?? [])],
  });
}

/** For the cases whose feed requests fail on purpose: Chromium logs each failed request as a console error. */
const REQUESTS_FAIL: OpenOptions = { expectConsoleErrors: [EXPECTED.failedRequests] };

async function expectDemo(page: Page): Promise<void> {
  await demoNotice(page).waitFor({ timeout: 25_000 });
  await eventually(() => page.getByRole('article').count()).toBe(6);
}

async function expectBookmarksKept(page: Page): Promise<void> {
  expect(await localStorageItem(page, 'newsBookmarks')).toBe(STORED_BOOKMARKS);
}

/** A valid story for scripted answers. */
function story(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    title: `Story ${id}`,
    summary: `Summary of ${id}`,
    source: 'Scripted Source',
    url: `https://news.example.org/${id}`,
    published_at: '2025-06-01T12:00:00.000Z',
    category: 'Science',
    ...fields,
  };
}

describe('the backend fails', () => {
  it('refusing connections: shows the sample stories with the demo notice', async () => {
    await h.backend.refuse();
    const { page } = await open(REQUESTS_FAIL);
    await openHome(page);
    await expectDemo(page);
    await expectBookmarksKept(page);
  });

  for (const status of [500, 502, 503, 504]) {
    it(`answering ${status} twice: retries once, then shows the sample stories with the demo notice`, async () => {
      h.backend.always({ status, body: { error: `status ${status}` } });
      const { page } = await open(REQUESTS_FAIL);
      await openHome(page);
      await expectDemo(page);
      expect(h.backend.calls).toHaveLength(2);
      await expectBookmarksKept(page);
    });
  }

  it('never answering: gives up after 10 s, retries once, then shows the sample stories', async () => {
    h.backend.always('hang');
    const { page } = await open();
    await page.clock.install();
    // Paused: the page's time moves only by runFor, so a slow load cannot eat into the 10 s.
    await page.clock.pauseAt(Date.now() + 1_000);
    await openHome(page);
    await runUntilTakeover(page);
    await h.backend.waitForCalls(1);
    expect(await storyArea(page).getAttribute('aria-busy')).toBe('true');
    await page.clock.runFor('00:09');
    await page.waitForTimeout(300);
    expect(h.backend.calls).toHaveLength(1);
    expect(await demoNotice(page).count()).toBe(0);
    await page.clock.runFor('00:02');
    await h.backend.waitForCalls(2);
    await page.clock.runFor('00:10');
    // Both calls have failed: time may run again, so that the notice's chunk (React.lazy) can be revealed.
    await page.clock.resume();
    await expectDemo(page);
    expect(h.backend.calls).toHaveLength(2);
    await expectBookmarksKept(page);
  });

  it('answering malformed JSON: treats it as a failure, retries once, then shows the samples', async () => {
    h.backend.always({ body: '{"stories": [{"id": "a", ', contentType: 'application/json' });
    const { page } = await open();
    await openHome(page);
    await expectDemo(page);
    expect(h.backend.calls).toHaveLength(2);
    await expectBookmarksKept(page);
  });

  it('answering 200 with an HTML page: treats it as a failure, retries once, then shows the samples', async () => {
    h.backend.always({ body: '<!doctype html><title>Gateway</title><p>Upstream unavailable</p>', contentType: 'text/html' });
    const { page } = await open();
    await openHome(page);
    await expectDemo(page);
    expect(h.backend.calls).toHaveLength(2);
    await expectBookmarksKept(page);
  });
});

describe('the backend answers JSON without stories', () => {
  const shapes = [
    { name: 'an array', body: '[]' },
    { name: 'stories as an object', body: '{"stories": {}}' },
    { name: 'a JSON string', body: '"text"' },
    { name: 'null', body: 'null' },
    { name: 'an object without stories', body: '{"generated_at": "2025-06-01T00:00:00Z"}' },
    { name: 'only invalid stories', body: JSON.stringify({ stories: [{ id: 'x' }, 42, null, { id: 'y', title: 'Y', url: 'javascript:void(0)' }] }) },
  ];
  for (const { name, body } of shapes) {
    it(`${name}: shows the sample stories at once, without a retry`, async () => {
      h.backend.always({ body, contentType: 'application/json' });
      const { page } = await open();
      await openHome(page);
      await expectDemo(page);
      // A retry would come about a second after the first answer.
      await page.waitForTimeout(1500);
      expect(h.backend.calls).toHaveLength(1);
      await expectBookmarksKept(page);
    });
  }
});

describe('the backend answers odd stories', () => {
  it('partly invalid items: shows only the valid ones, in order, with the documented defaults', async () => {
    const stories = [
      story('valid', { image: `${h.fixtureOrigin}/images/story-3.svg` }),
      { id: '', title: 'No id', url: 'https://news.example.org/no-id' },
      { id: 'blank-title', title: '   ', url: 'https://news.example.org/blank-title' },
      { id: 'no-url', title: 'No URL' },
      { id: 'ftp', title: 'FTP link', url: 'ftp://news.example.org/file' },
      { id: 'relative', title: 'Relative link', url: '/relative/path' },
      42,
      null,
      'a string',
      ['an', 'array'],
      story('dup', { title: 'First with a repeated id' }),
      story('dup', { title: 'Second with a repeated id' }),
      { id: 'minimal', title: 'Minimal story', url: 'https://minimal.example.net/path' },
      { id: 'odd', title: 'Odd fields story', url: 'https://news.example.org/odd', published_at: 'not a date', image: 'ftp://news.example.org/x.png', category: 42, source: 7, summary: 9 },
    ];
    h.backend.always({ body: { stories, generated_at: 'now', extra: true } });
    const { page } = await open();
    await openHomeWithStories(page);
    expect(await shownTitles(page)).toEqual(['Story valid', 'First with a repeated id', 'Minimal story', 'Odd fields story']);
    expect(await shownTitles(section(page, 'Top Stories'))).toHaveLength(3);
    expect(await demoNotice(page).count()).toBe(0);

    const minimal = storyCard(page, 'Minimal story');
    expect(await minimal.getByText('minimal.example.net', { exact: true }).isVisible()).toBe(true);
    expect(await minimal.locator('time').count()).toBe(0);
    const odd = storyCard(page, 'Odd fields story');
    expect(await odd.locator('time').count()).toBe(0);
    expect(await odd.locator('img').count()).toBe(0);
    expect(await odd.getByText('news.example.org', { exact: true }).isVisible()).toBe(true);

    await categoriesButton(page).click();
    // The first press loads the picker's menu: wait for it before reading it.
    const items = page.getByRole('menu').getByRole('menuitemcheckbox');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['General', 'Science']);
    await page.getByRole('menuitemcheckbox', { name: 'General' }).click();
    await page.keyboard.press('Escape');
    await eventually(() => shownTitles(page)).toEqual(['Minimal story', 'Odd fields story']);
    await expectBookmarksKept(page);
  });

  it('1,000 stories: shows every one, 3 in Top Stories and the other 997 in More Stories, with no paging', async () => {
    const stories = Array.from({ length: 1_000 }, (_, index) =>
      story(`bulk-${index}`, { title: `Bulk story number ${index}`, category: ['Science', 'Sports', 'Finance', 'Health'][index % 4] }),
    );
    h.backend.always({ body: { stories } });
    const { page } = await open();
    await openHomeWithStories(page);
    expect(await shownTitles(section(page, 'Top Stories'))).toEqual(['Bulk story number 0', 'Bulk story number 1', 'Bulk story number 2']);
    // docs/product.md#screens-and-states: More Stories holds all the rest, however many there are.
    const more = section(page, 'More Stories').getByRole('article');
    await eventually(() => more.count()).toBe(997);
    expect(await shownTitles(section(page, 'More Stories')).then((titles) => [titles[0], titles.at(-1)])).toEqual(['Bulk story number 3', 'Bulk story number 999']);
    expect(await page.getByRole('button', { name: /show more/i }).count()).toBe(0);
    // The last card is a normal article: scrolled to, it is on screen and reachable.
    await storyCard(page, 'Bulk story number 999').scrollIntoViewIfNeeded();
    expect(await storyCard(page, 'Bulk story number 999').isVisible()).toBe(true);
    await searchBox(page).fill('Bulk story number 999');
    await eventually(() => shownTitles(page), 20_000).toEqual(['Bulk story number 999']);
    await expectBookmarksKept(page);
  });
});

const HOSTILE_MARKUP = '<img src=x onerror="window.__pwned=\'img\'">';
const HOSTILE_SUMMARY = `<b onmouseover="window.__pwned='summary'">bold</b><iframe src="javascript:window.__pwned='iframe'"></iframe>`;
const hostileStories = () => [
  story('hostile-1', {
    title: `<script>window.__pwned='title'</script>${HOSTILE_MARKUP}`,
    summary: HOSTILE_SUMMARY,
    source: `<svg onload="window.__pwned='source'"></svg>`,
    url: 'https://news.example.org/hostile?q=<script>alert(1)</script>&x="\'><img src=x>',
    image: "javascript:window.__pwned='image'",
    category: `<img src=y onerror="window.__pwned='category'">`,
    published_at: '<script>window.__pwned="date"</script>',
  }),
  story('hostile-js-url', { title: 'JavaScript link', url: "javascript:window.__pwned='url'" }),
  story('hostile-js-url-mixed-case', { title: 'Mixed case JavaScript link', url: ' JaVaScRiPt:alert(1)' }),
  story('hostile-data-url', { title: 'Data link', url: 'data:text/html,<script>alert(1)</script>' }),
  story('hostile-vbscript', { title: 'VBScript link', url: 'vbscript:msgbox(1)' }),
  story('hostile-image', { title: 'Data image', image: 'data:image/svg+xml,<svg onload="alert(1)"/>' }),
  story('plain', { title: 'A plain story' }),
];

/** Nothing injected ran, and nothing in the DOM can run script. */
async function expectNothingInjected(page: Page): Promise<void> {
  const findings = await page.evaluate(() => {
    const bad: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        // Browsers ignore whitespace and control characters in a URL's scheme.
        const value = Array.from(attribute.value)
          .filter((character) => character.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        if (attribute.name.startsWith('on')) bad.push(`${element.tagName} has ${attribute.name}`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name) && /^(javascript|vbscript|data:text)/.test(value)) {
          bad.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
    }
    for (const script of Array.from(document.querySelectorAll('script'))) if (!script.src) bad.push('an inline <script>');
    for (const element of Array.from(document.querySelectorAll('iframe, object, embed'))) bad.push(`a <${element.tagName.toLowerCase()}>`);
    const pwned = (window as unknown as { __pwned?: unknown }).__pwned;
    if (pwned !== undefined) bad.push(`window.__pwned = ${String(pwned)}`);
    return bad;
  });
  expect(findings).toEqual([]);
}

async function exerciseHostilePage(page: Page): Promise<void> {
  await openHomeWithStories(page);
  expect(await shownTitles(page)).toEqual([`<script>window.__pwned='title'</script>${HOSTILE_MARKUP}`, 'Data image', 'A plain story']);
  const card = page.getByRole('article').first();
  // The markup shows as text: the source and the summary, character for character.
  expect(await card.getByText(`<svg onload="window.__pwned='source'"></svg>`, { exact: true }).isVisible()).toBe(true);
  expect(await card.getByText(HOSTILE_SUMMARY, { exact: true }).isVisible()).toBe(true);
  // The javascript: image is dropped, and so is the data: one: those cards show no image at all.
  expect(await card.locator('img').count()).toBe(0);
  expect(await storyCard(page, 'Data image').locator('img').count()).toBe(0);
  expect(await page.locator('img[src^="data:"], img[src^="javascript:"]').count()).toBe(0);
  expect(await card.locator('time').count()).toBe(0);
  expect(await card.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe(
    'https://news.example.org/hostile?q=<script>alert(1)</script>&x="\'><img src=x>',
  );
  await card.hover();
  await card.getByText('bold', { exact: false }).hover();
  await categoriesButton(page).click();
  await page.getByRole('menuitemcheckbox', { name: `<img src=y onerror="window.__pwned='category'">` }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Remove <img src=y onerror="window.__pwned='category'">` }).waitFor();
  await page.getByRole('button', { name: `Remove <img src=y onerror="window.__pwned='category'">` }).click();
  await card.getByRole('button', { name: 'Share story' }).click();
  await page.getByRole('menu', { name: 'Share story' }).waitFor();
  await page.keyboard.press('Escape');
  await searchBox(page).fill('<script>');
  await eventually(() => shownTitles(page)).toEqual([`<script>window.__pwned='title'</script>${HOSTILE_MARKUP}`]);
  await page.waitForTimeout(500);
  await expectNothingInjected(page);
}

describe('hostile story content', () => {
  it('shows markup in every field as text, drops javascript:, vbscript: and data: links and images, and runs nothing', async () => {
    h.backend.always({ body: { stories: hostileStories() } });
    const { page } = await open();
    await exerciseHostilePage(page);
    await expectBookmarksKept(page);
  });

  it('runs nothing even with the Content-Security-Policy switched off', async () => {
    h.backend.always({ body: { stories: hostileStories() } });
    const { page } = await open({ context: { bypassCSP: true } });
    await exerciseHostilePage(page);
  });

  it('shows markup in the URL’s search and category parameters as text and runs nothing', async () => {
    const q = encodeURIComponent(HOSTILE_MARKUP);
    const { page } = await open();
    await openHome(page, `?q=${q}&category=${encodeURIComponent('<script>window.__pwned=1</script>')}`);
    await page.getByRole('heading', { name: 'No stories found' }).waitFor({ timeout: 20_000 });
    expect(await searchBox(page).inputValue()).toBe(HOSTILE_MARKUP);
    await expectNothingInjected(page);
  });
});

describe('broken browser storage', () => {
  it('ignores a corrupt bookmark list and an unknown theme, and keeps working', async () => {
    const { page } = await h.open({
      colorScheme: 'dark',
      initScripts: [
        onSite(`if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('newsBookmarks', '{'); localStorage.setItem('theme', 'purple'); }`),
      ],
    });
    await openHomeWithStories(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByRole('button', { name: 'Remove bookmark' }).count()).toBe(0);
    await storyCard(page, LIVE_TITLES[0]!).getByRole('button', { name: 'Bookmark story' }).click();
    await toast(page, 'Story bookmarked', 'Story saved to your bookmarks').waitFor();
    await eventually(async () => JSON.parse((await localStorageItem(page, 'newsBookmarks')) ?? 'null') as unknown).toHaveLength(1);
    await themeToggle(page).click();
    await eventually(() => localStorageItem(page, 'theme')).toBe('light');
  });

  it('keeps bookmarks and the theme working in memory when storage refuses every write', async () => {
    const { page } = await open({
      initScripts: [onSite(`Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };`)],
    });
    await openHomeWithStories(page);
    const card = storyCard(page, LIVE_TITLES[1]!);
    await card.getByRole('button', { name: 'Bookmark story' }).click();
    await toast(page, 'Story bookmarked', 'Story saved to your bookmarks').waitFor();
    expect(await card.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Saved', exact: true }).click();
    await eventually(() => shownTitles(page)).toEqual([LIVE_TITLES[1]]);
    await page.getByRole('button', { name: 'Saved', exact: true }).click();
    await card.getByRole('button', { name: 'Remove bookmark' }).click();
    await toast(page, 'Bookmark removed', 'Story removed from your bookmarks').waitFor();
    await card.getByRole('button', { name: 'Bookmark story' }).click();
    await eventually(() => card.getByRole('button', { name: 'Remove bookmark' }).count()).toBe(1);
    await themeToggle(page).click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // In memory only: a new page load reads the stored list as it was (the two seeded ids,
    // no bookmark of this story) and the stored theme (none: the light system theme).
    await openHomeWithStories(page);
    expect(await storyCard(page, LIVE_TITLES[1]!).getByRole('button', { name: 'Bookmark story' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('button', { name: 'Saved', exact: true }).textContent()).toContain('2');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('works without any storage at all (storage access throws)', async () => {
    const { page } = await h.open({
      initScripts: [
        onSite(`Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`),
      ],
    });
    await openHomeWithStories(page);
    const card = storyCard(page, LIVE_TITLES[2]!);
    await card.getByRole('button', { name: 'Bookmark story' }).click();
    await toast(page, 'Story bookmarked', 'Story saved to your bookmarks').waitFor();
    expect(await card.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
    await themeToggle(page).click();
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });
});
