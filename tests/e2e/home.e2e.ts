/**
 * The news home page with live stories from the real fetch-news function
 * (docs/product.md#screens-and-states): sections, cards, images, grids and the loading state.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES, GROUPED_STORY, storyByTitle } from './support/feeds.ts';
import { EXPECTED, useHarness } from './support/harness.ts';
import {
  demoNotice,
  eventually,
  openHome,
  openHomeWithStories,
  searchBox,
  section,
  shownTitles,
  storyArea,
  storyCard,
  topStoriesHeading,
} from './support/site.ts';

const h = useHarness();
const ALL_TITLES = EXPECTED_STORIES.map((story) => story.title);
/** The app's first-render module (src/app/mount.tsx) and the page's later part (src/app/later.ts). */
const APP_MODULE = /\/assets\/mount-[^/]+\.js$/;
const LATER_PART = /\/assets\/later-[^/]+\.js$/;

/** How many cards sit side by side in the first row of a section. */
async function columnsInFirstRow(region: Locator): Promise<number> {
  // The grid's items, not the cards in them: a card away from the screen is not laid out
  // (content-visibility) and has no geometry of its own, while its item keeps its place.
  const boxes = await region.locator(':scope > ul > li').evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      return { x: Math.round(box.left), y: Math.round(box.top) };
    }),
  );
  const firstRowTop = Math.min(...boxes.map((box) => box.y));
  return new Set(boxes.filter((box) => Math.abs(box.y - firstRowTop) <= 2).map((box) => box.x)).size;
}

describe('the news home page with live stories', () => {
  it('shows the product title, the tagline and the stories from the news function, newest first', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Newsroom');
    expect(await page.getByText('Stay informed with the latest news', { exact: true }).isVisible()).toBe(true);
    await eventually(() => shownTitles(page)).toEqual(ALL_TITLES);
    expect(await demoNotice(page).count()).toBe(0);
  });

  it('registers no beforeunload listener: leaving waits for nothing, and Firefox may keep the page for Back', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    // Focus a control first: the libraries that add such listeners have all run by then.
    await searchBox(page).focus();
    const cdp = await page.context().newCDPSession(page);
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    await cdp.detach();
    const types = new Set(listeners.map((listener) => listener.type));
    expect(types.has('popstate')).toBe(true);
    expect(types.has('beforeunload')).toBe(false);
  });

  it('puts the first three stories in Top Stories as large cards and the rest in More Stories', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    expect(await shownTitles(section(page, 'Top Stories'))).toEqual(ALL_TITLES.slice(0, 3));
    expect(await shownTitles(section(page, 'More Stories'))).toEqual(ALL_TITLES.slice(3));
    const titleSize = (region: Locator) =>
      region
        .getByRole('article')
        .first()
        .getByRole('heading', { level: 3 })
        .evaluate((heading) => parseFloat(getComputedStyle(heading).fontSize));
    const topCard = await section(page, 'Top Stories').getByRole('article').first().boundingBox();
    const moreCard = await section(page, 'More Stories').getByRole('article').first().boundingBox();
    expect(await titleSize(section(page, 'Top Stories'))).toBeGreaterThan(await titleSize(section(page, 'More Stories')));
    expect(topCard!.width).toBeGreaterThan(moreCard!.width);
  });

  it('shows on each card its source badge, its date in a <time datetime> element, its summary and a Read more link opening the story in a new tab', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    for (const title of [ALL_TITLES[0]!, ALL_TITLES[8]!]) {
      const story = storyByTitle(title);
      const card = storyCard(page, title);
      expect(await card.getByText(story.source, { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(story.summary, { exact: true }).isVisible()).toBe(true);
      const time = card.locator('time');
      expect(await time.getAttribute('datetime')).toBe(story.published);
      const shown = new Date(story.published).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
      expect(await time.textContent()).toBe(shown);
      const readMore = card.getByRole('link', { name: 'Read more' });
      expect(await readMore.getAttribute('href')).toBe(`${h.fixtureOrigin}${story.path}`);
      expect(await readMore.getAttribute('target')).toBe('_blank');
      expect(await readMore.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('opens the story itself in a new tab from Read more', async () => {
    const { page, context } = await h.open();
    await openHomeWithStories(page);
    const story = storyByTitle(ALL_TITLES[1]!);
    const [tab] = await Promise.all([context.waitForEvent('page'), storyCard(page, story.title).getByRole('link', { name: 'Read more' }).click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${h.fixtureOrigin}${story.path}`);
    expect(page.url()).toMatch(/\/$/);
  });

  it("shows a story's image from the publisher", async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const image = storyCard(page, ALL_TITLES[0]!).locator('img');
    expect(await image.getAttribute('src')).toBe(`${h.fixtureOrigin}${storyByTitle(ALL_TITLES[0]!).image}`);
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it("fetches the first screen's lead image as soon as the function answers, while the app's script is still on its way, and once only", async () => {
    const { page } = await h.open();
    const lead = `${h.fixtureOrigin}${storyByTitle(ALL_TITLES[0]!).image}`;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    // The app's first-render module held: nothing but the HTML and the feed call's own script runs.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(APP_MODULE, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await openHome(page);
      await eventually(() => requests.filter((url) => url === lead).length).toBe(1);
      expect(await storyArea(page).getByRole('article').count()).toBe(0);
    } finally {
      release();
    }
    const image = storyCard(page, ALL_TITLES[0]!).locator('img');
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The card's image is the one already fetched.
    expect(requests.filter((url) => url === lead)).toHaveLength(1);
  });

  it("fetches the page's later part once the first screen's lead image has come, not beside it", async () => {
    const { page } = await h.open();
    const lead = `${h.fixtureOrigin}${storyByTitle(ALL_TITLES[0]!).image}`;
    let laterAsked = false;
    page.on('request', (request) => {
      if (LATER_PART.test(request.url())) laterAsked = true;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(lead, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await openHome(page);
      await storyCard(page, ALL_TITLES[0]!).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      expect(laterAsked).toBe(false);
    } finally {
      release();
    }
    await eventually(() => laterAsked).toBe(true);
  });

  it('keeps the stories when the connection drops before the later part has come, and brings that part once it is back', async () => {
    const { page, context } = await h.open({ expectConsoleErrors: [EXPECTED.failedRequests] });
    let offline = false;
    let requested = 0;
    await page.route(LATER_PART, async (route) => {
      if (route.request().method() === 'GET') requested += 1;
      // Offline from the first request on, which Chromium's offline emulation would not catch once under way.
      while (requested === 1 && !offline) await new Promise((resolve) => setTimeout(resolve, 50));
      await (offline ? route.abort('internetdisconnected') : route.continue());
    });
    await openHomeWithStories(page);
    await eventually(() => requested).toBe(1);
    await context.setOffline(true);
    offline = true;
    await page.waitForTimeout(500);
    await eventually(() => shownTitles(page)).toEqual(ALL_TITLES);
    expect(await page.getByText('The page could not load. Check your connection, then reload.').filter({ visible: true }).count()).toBe(0);
    const grouped = storyCard(page, GROUPED_STORY);
    expect(await grouped.getByRole('button', { name: /^Also covered by/ }).count()).toBe(0);

    await context.setOffline(false);
    offline = false;
    await grouped.getByRole('button', { name: 'Also covered by 1 more source', exact: true }).waitFor();
    expect(requested).toBe(2);
  });

  it('hides a story image that fails to load', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const card = storyCard(page, 'Clinics trial shorter waiting lists');
    await card.scrollIntoViewIfNeeded();
    await eventually(() => card.locator('img').filter({ visible: true }).count()).toBe(0);
    // The rest of the card stays.
    expect(await card.getByRole('link', { name: 'Read more' }).isVisible()).toBe(true);
  });

  it('marks the story area busy and shows skeleton cards while the stories load', async () => {
    h.backend.always({ proxy: true, delayMs: 2500 });
    const { page } = await h.open();
    await openHome(page);
    const area = storyArea(page);
    await eventually(() => area.getAttribute('aria-busy')).toBe('true');
    expect(await area.locator('li').count()).toBeGreaterThanOrEqual(3);
    expect(await area.getByRole('article').count()).toBe(0);
    await topStoriesHeading(page).waitFor();
    expect(await area.getAttribute('aria-busy')).not.toBe('true');
    await eventually(() => shownTitles(page)).toEqual(ALL_TITLES);
  });
});

describe('the story grids', () => {
  const layouts = [
    { width: 375, top: 1, more: 1 },
    { width: 700, top: 1, more: 2 },
    { width: 800, top: 3, more: 2 },
    { width: 1280, top: 3, more: 4 },
  ];
  for (const { width, top, more } of layouts) {
    it(`at ${width} px wide shows Top Stories in ${top} column(s) and More Stories in ${more}`, async () => {
      const { page } = await h.open({ width });
      await openHomeWithStories(page);
      expect(await columnsInFirstRow(section(page, 'Top Stories'))).toBe(top);
      expect(await columnsInFirstRow(section(page, 'More Stories'))).toBe(more);
      // Nothing overflows the viewport sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
