/**
 * The reader features in Chromium against the real function fed by the fixture feeds
 * (docs/product.md#accessible-names, #stored-in-the-browser, #bookmarks-sharing-and-copying):
 * several sources folded into one story, "New" since the previous visit, the system share sheet,
 * reading with the keyboard, and right-to-left text.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES, expectedRelated, GROUPED_STORY, RTL_STORY, storyByTitle } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import { eventually, localStorageItem, onSite, openHomeWithStories, searchBox, shownTitles, SITE, storyCard, themeToggle } from './support/site.ts';

const h = useHarness();
const FIRST = EXPECTED_STORIES[0]!;
const SECOND = EXPECTED_STORIES[1]!;
/** The page's later part (src/app/later.ts), fetched once the first screen is complete, or 2 s after the first render. */
const LATER_PART = /\/assets\/later-[^/]+\.js$/;

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The focused card's title, or null when focus is not on an article. */
function focusedCardTitle(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.tagName === 'ARTICLE' ? (element.querySelector('h3')?.textContent ?? null) : null;
  });
}

/** Focuses the first card with `j` once every card is drawn: the reading keys are live from the first render. */
async function startReading(page: Page): Promise<void> {
  await openHomeWithStories(page);
  // Every card drawn (a first screenful at once, the rest a few per task: docs/product.md#screens-and-states).
  await eventually(() => shownTitles(page)).toEqual(EXPECTED_STORIES.map((story) => story.title));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('j');
  await eventually(() => focusedCardTitle(page)).toBe(FIRST.title);
}

/**
 * Presses `j` in the very task in which the page's first card appears (a mutation observer's
 * callback runs before the browser can paint again): the keys must be live when a card shows.
 */
const PRESS_J_WITH_THE_FIRST_CARD = `new MutationObserver((_, observer) => {
  if (!document.querySelector('main article')) return;
  observer.disconnect();
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }));
}).observe(document, { childList: true, subtree: true });`;

/** Once the browser has laid out and painted what changed. */
const afterTwoFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

describe('several sources, one story', () => {
  it('shows two outlets’ reports of one event as one card with a disclosure of the other source', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const related = expectedRelated(GROUPED_STORY);
    expect(related).toHaveLength(1);
    await eventually(() => shownTitles(page)).toEqual(EXPECTED_STORIES.map((story) => story.title));
    // The other outlet's report is not a card of its own.
    expect(await page.getByRole('article', { name: /harbour bridge reopens to traffic/i }).count()).toBe(0);

    const card = storyCard(page, GROUPED_STORY);
    await card.scrollIntoViewIfNeeded();
    const button = card.getByRole('button', { name: 'Also covered by 1 more source', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await card.getByRole('link', { name: related[0]!.source }).count()).toBe(0);

    await button.click();
    await eventually(() => button.getAttribute('aria-expanded')).toBe('true');
    const link = card.getByRole('link', { name: related[0]!.source, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`${h.fixtureOrigin}${related[0]!.path}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    // From the keyboard too: Enter closes it again.
    await button.focus();
    await page.keyboard.press('Enter');
    await eventually(() => button.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the card’s height while the disclosure’s code is on its way: nothing below it moves when it comes', async () => {
    // One column: the card is as tall as its own content.
    const { page } = await h.open({ width: 412, height: 823 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(LATER_PART, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${SITE}/`);
      const card = storyCard(page, GROUPED_STORY);
      await card.waitFor({ timeout: 20_000 });
      // On screen, so that the browser lays it out (More Stories' cards off screen keep an estimated size).
      await card.scrollIntoViewIfNeeded();
      await afterTwoFrames(page);
      const before = await card.boundingBox();
      const button = card.getByRole('button', { name: 'Also covered by 1 more source', exact: true });
      expect(await button.count()).toBe(0);
      release();
      await button.waitFor({ timeout: 20_000 });
      await afterTwoFrames(page);
      expect((await card.boundingBox())?.height).toBe(before?.height);
    } finally {
      release();
    }
  });

  it('search and the category filter see the group once', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page, '?category=World');
    await eventually(() => shownTitles(page)).toEqual([RTL_STORY, GROUPED_STORY]);
    await searchBox(page).fill('harbour bridge');
    await eventually(() => shownTitles(page)).toEqual([GROUPED_STORY]);
  });
});

describe('new since your last visit', () => {
  const PREVIOUS = '2025-06-10T11:00:00.000Z';
  const NEW_TITLES = EXPECTED_STORIES.filter((story) => Date.parse(story.published) > Date.parse(PREVIOUS)).map((story) => story.title);

  function badgedTitles(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      [...document.querySelectorAll('main article')]
        .filter((article) => [...article.querySelectorAll('span')].some((span) => span.textContent === 'New'))
        .map((article) => article.querySelector('h3')?.textContent ?? ''),
    );
  }

  it('shows nothing on a first visit, marks what is newer on the next, and nothing on the one after', async () => {
    expect(NEW_TITLES.length).toBeGreaterThan(1);
    const { page } = await h.open();
    const opened = Date.now();
    await openHomeWithStories(page);
    await eventually(() => localStorageItem(page, 'newsLastVisit')).not.toBeNull();
    const recorded = (await localStorageItem(page, 'newsLastVisit'))!;
    expect(new Date(recorded).toISOString()).toBe(recorded);
    expect(Date.parse(recorded)).toBeGreaterThanOrEqual(opened - 60_000);
    expect(await badgedTitles(page)).toEqual([]);
    expect(await page.getByText(/new since your last visit/).count()).toBe(0);

    // As if the previous visit had been on the morning of June 10th.
    await page.evaluate((value) => localStorage.setItem('newsLastVisit', value), PREVIOUS);
    await page.reload();
    await page.getByText(`${NEW_TITLES.length} new since your last visit`, { exact: true }).waitFor();
    await eventually(() => badgedTitles(page)).toEqual(NEW_TITLES);

    // That visit was recorded: every fixture story is older than it.
    await page.reload();
    await storyCard(page, FIRST.title).waitFor();
    await page.waitForTimeout(300);
    expect(await badgedTitles(page)).toEqual([]);
    expect(await page.getByText(/new since your last visit/).count()).toBe(0);
  });

  it('treats a malformed stored value as a first visit', async () => {
    const { page } = await h.open({ initScripts: [onSite(`localStorage.setItem('newsLastVisit', '{"broken"')`)] });
    await openHomeWithStories(page);
    await page.waitForTimeout(300);
    expect(await badgedTitles(page)).toEqual([]);
  });
});

describe('native share', () => {
  const shareRecorder = (outcome: 'resolve' | 'reject') =>
    onSite(`
      window.__shares = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data) => {
          window.__shares.push(data);
          return ${outcome === 'resolve' ? 'Promise.resolve()' : "Promise.reject(new DOMException('Share canceled', 'AbortError'))"};
        },
      });
    `);

  async function openShareMenu(page: Page, title: string): Promise<Locator> {
    const card = storyCard(page, title);
    await card.getByRole('button', { name: 'Share story', exact: true }).click();
    const menu = page.getByRole('menu', { name: 'Share story' });
    await menu.waitFor();
    return menu;
  }

  it('is absent where the browser has no share sheet', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    const menu = await openShareMenu(page, FIRST.title);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Share to Twitter', 'Share to Facebook', 'Copy Link']);
  });

  it('"More sharing options" hands the story’s title and url to navigator.share', async () => {
    const { page } = await h.open({ initScripts: [shareRecorder('resolve')] });
    await openHomeWithStories(page);
    const menu = await openShareMenu(page, FIRST.title);
    await menu.getByRole('menuitem', { name: 'More sharing options' }).click();
    await eventually(() => page.evaluate(() => (window as unknown as { __shares: unknown[] }).__shares)).toEqual([
      { title: FIRST.title, url: `${h.fixtureOrigin}${FIRST.path}` },
    ]);
  });

  it('a cancelled share shows nothing', async () => {
    const { page } = await h.open({ initScripts: [shareRecorder('reject')] });
    await openHomeWithStories(page);
    const menu = await openShareMenu(page, FIRST.title);
    await menu.getByRole('menuitem', { name: 'More sharing options' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __shares: unknown[] }).__shares)).toHaveLength(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});

describe('reading with the keyboard', () => {
  it('j / k move focus between the cards, each scrolled into view with a visible focus ring', async () => {
    const { page } = await h.open({ width: 1280, height: 700 });
    await startReading(page);
    await page.keyboard.press('j');
    await eventually(() => focusedCardTitle(page)).toBe(SECOND.title);
    await page.keyboard.press('k');
    await eventually(() => focusedCardTitle(page)).toBe(FIRST.title);

    // Down to the last card, far below the fold.
    for (let i = 1; i < EXPECTED_STORIES.length; i++) await page.keyboard.press('j');
    const last = EXPECTED_STORIES.at(-1)!.title;
    await eventually(() => focusedCardTitle(page)).toBe(last);
    const box = await storyCard(page, last).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(700 + 1);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });

  it('j pressed in the frame in which the first card shows focuses it: kept stories, drawn right after the app took over the frame', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    // The first visit keeps its stories: the next shows them at once, with the first render's code alone.
    await eventually(() => localStorageItem(page, 'newsLastFeed')).not.toBeNull();
    await page.addInitScript(onSite(PRESS_J_WITH_THE_FIRST_CARD));
    await page.reload();
    await eventually(() => focusedCardTitle(page)).toBe(FIRST.title);
  });

  it('j pressed in the frame in which the first card shows focuses it: live stories on a first visit', async () => {
    const { page } = await h.open({ initScripts: [onSite(PRESS_J_WITH_THE_FIRST_CARD)] });
    await openHomeWithStories(page);
    await eventually(() => focusedCardTitle(page)).toBe(FIRST.title);
  });

  it('the stories show and take the reading keys while the rest of the page is still on its way', async () => {
    const { page } = await h.open();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(LATER_PART, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${SITE}/`);
      await storyCard(page, FIRST.title).waitFor({ timeout: 20_000 });
      // The page has asked for its later part (once the first screen is complete), and has not had it.
      await eventually(() => asked).toBe(true);
      expect(await themeToggle(page).isVisible()).toBe(true);
      await page.keyboard.press('j');
      await eventually(() => focusedCardTitle(page)).toBe(FIRST.title);
    } finally {
      release();
    }
  });

  it('o opens the focused story in a new tab as "Read more" does; b toggles its bookmark', async () => {
    const { page, context } = await h.open();
    await startReading(page);
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('o')]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${h.fixtureOrigin}${FIRST.path}`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await page.bringToFront();

    const card = storyCard(page, FIRST.title);
    await page.keyboard.press('b');
    await eventually(() => card.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('b');
    await card.getByRole('button', { name: 'Bookmark story' }).waitFor();
    expect(page.url()).toBe(`${SITE}/`);
  });

  it('? opens the "Keyboard shortcuts" dialog listing every shortcut; Escape closes it', async () => {
    const { page } = await h.open();
    await startReading(page);
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts', exact: true });
    await dialog.waitFor();
    expect(await dialog.locator('kbd').allTextContents()).toEqual(['j', 'k', 'o', 'b', 'f', 'm', '/', '?', 'Esc']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await eventually(() => focusedCardTitle(page)).toBe(FIRST.title);
  });

  it('none of the keys fire while typing in the search box', async () => {
    const { page, context } = await h.open();
    await startReading(page);
    let popups = 0;
    context.on('page', () => (popups += 1));
    await searchBox(page).focus();
    await page.keyboard.type('jkob?');
    expect(await searchBox(page).inputValue()).toBe('jkob?');
    expect(await isFocused(searchBox(page))).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await localStorageItem(page, 'newsBookmarks')).toBeNull();
    expect(popups).toBe(0);
  });
});

describe('right-to-left text', () => {
  it('an Arabic title, summary and source read right to left inside the left-to-right page', async () => {
    const { page } = await h.open();
    await openHomeWithStories(page);
    const story = storyByTitle(RTL_STORY);
    const card = storyCard(page, RTL_STORY);
    const direction = (locator: Locator) => locator.evaluate((element) => [element.getAttribute('dir'), getComputedStyle(element).direction]);
    expect(await direction(card.getByRole('heading', { name: RTL_STORY }))).toEqual(['auto', 'rtl']);
    expect(await direction(card.getByText(story.summary))).toEqual(['auto', 'rtl']);
    expect(await direction(card.getByText(story.source, { exact: true }))).toEqual(['auto', 'ltr']);
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('ltr');
  });
});
