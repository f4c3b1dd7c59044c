/**
 * The whole page without a mouse (docs/product.md#accessible-names, "Keyboard"): Tab order from the top,
 * a visible focus indicator on every stop, the skip link, the Categories menu, a card's bookmark
 * and share menu, "Read more" and "Full coverage".
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { useHarness } from './support/harness.ts';
import {
  categoriesButton,
  eventually,
  openHomeWithStories,
  savedToggle,
  searchBox,
  shownTitles,
  SITE,
  storyArea,
  storyCard,
  toast,
} from './support/site.ts';

const h = useHarness();
const FIRST = EXPECTED_STORIES[0]!;

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The focused element's focus indicator: an outline or a box-shadow, and that it is on screen. */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { visible: false, description: 'nothing focused' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const box = element.getBoundingClientRect();
    const onScreen = box.width > 1 && box.height > 1;
    return {
      visible: (outline || shadow) && onScreen,
      description: `${element.tagName} "${element.getAttribute('aria-label') ?? element.textContent?.trim()}" outline=${style.outlineStyle} ${style.outlineWidth} shadow=${style.boxShadow} size=${box.width}x${box.height}`,
    };
  });
}

/** Presses Tab and checks that focus lands on `target` with a visible focus indicator. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('Tab');
  await eventually(() => isFocused(target), 5000).toBe(true);
  const indicator = await focusIndicator(page);
  expect(indicator.visible, indicator.description).toBe(true);
}

async function startFromTop(page: Page): Promise<void> {
  await openHomeWithStories(page);
  // The menus arrive in a chunk of their own; until then Categories is a disabled placeholder.
  await eventually(() => categoriesButton(page).isEnabled()).toBe(true);
  // Start as a keyboard visitor does: from the top of a freshly loaded document.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to stories', exact: true });
// The header's "Your reading" comes before the theme toggle; "Hide read" after Alerts (docs/product.md#a-front-page-of-ones-own).
const yourReading = (page: Page) => page.getByRole('button', { name: 'Your reading', exact: true });
const hideRead = (page: Page) => page.getByRole('button', { name: 'Hide read', exact: true });
const themeButton = (page: Page) => page.getByRole('button', { name: 'Switch to dark theme', exact: true });

describe('keyboard only', () => {
  it('Tab from the top reaches the skip link, "Your reading", the theme toggle, the search box, Categories, Saved, Following, Alerts and "Hide read", each visibly focused', async () => {
    const { page } = await h.open();
    await startFromTop(page);
    await tabTo(page, skipLink(page));
    await tabTo(page, yourReading(page));
    await tabTo(page, themeButton(page));
    await tabTo(page, searchBox(page));
    await tabTo(page, categoriesButton(page));
    await tabTo(page, savedToggle(page));
    await tabTo(page, page.getByRole('button', { name: 'Following', exact: true }));
    await tabTo(page, page.getByRole('button', { name: 'Alerts', exact: true }));
    await tabTo(page, hideRead(page));
    const firstCard = storyCard(page, FIRST.title);
    await tabTo(page, firstCard.getByRole('link', { name: 'Read more' }));
    await tabTo(page, firstCard.getByRole('link', { name: 'Full coverage' }));
    await tabTo(page, firstCard.getByRole('button', { name: 'Follow story' }));
    await tabTo(page, firstCard.getByRole('button', { name: 'Bookmark story' }));
    await tabTo(page, firstCard.getByRole('button', { name: 'Share story' }));
    await tabTo(page, firstCard.getByRole('button', { name: 'More options' }));
  });

  it('the skip link jumps past the header and filters to the stories', async () => {
    const { page } = await h.open();
    await startFromTop(page);
    await tabTo(page, skipLink(page));
    await page.keyboard.press('Enter');
    await eventually(() => isFocused(storyArea(page))).toBe(true);
    await tabTo(page, storyCard(page, FIRST.title).getByRole('link', { name: 'Read more' }));
  });

  it('the theme toggle and the Saved toggle work with Enter and Space', async () => {
    const { page } = await h.open();
    await startFromTop(page);
    await tabTo(page, skipLink(page));
    await tabTo(page, yourReading(page));
    await tabTo(page, themeButton(page));
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await isFocused(page.getByRole('button', { name: 'Switch to light theme', exact: true }))).toBe(true);
    await savedToggle(page).focus();
    await page.keyboard.press('Space');
    await eventually(() => savedToggle(page).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('heading', { name: 'No stories found' }).waitFor();
    await page.keyboard.press('Space');
    await eventually(() => savedToggle(page).getAttribute('aria-pressed')).toBe('false');
  });

  it('the search box takes typing and Escape clears it', async () => {
    const { page } = await h.open();
    await startFromTop(page);
    await tabTo(page, skipLink(page));
    await tabTo(page, yourReading(page));
    await tabTo(page, themeButton(page));
    await tabTo(page, searchBox(page));
    await page.keyboard.type('marathon');
    await eventually(() => shownTitles(page)).toEqual(['Marathon record falls in cold rain']);
    await page.keyboard.press('Escape');
    await eventually(() => searchBox(page).inputValue()).toBe('');
    await eventually(() => shownTitles(page)).toHaveLength(EXPECTED_STORIES.length);
  });

  it('the Categories menu opens with Enter or ArrowDown, toggles items with Space and Enter, and closes with Escape', async () => {
    const { page } = await h.open();
    await startFromTop(page);
    for (const control of [skipLink(page), yourReading(page), themeButton(page), searchBox(page), categoriesButton(page)]) await tabTo(page, control);

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = menu.getByRole('menuitemcheckbox');
    await eventually(() => isFocused(items.nth(0))).toBe(true);
    await page.keyboard.press('Space');
    await eventually(() => items.nth(0).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await eventually(() => isFocused(items.nth(1))).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => items.nth(1).getAttribute('aria-checked')).toBe('true');
    const chosen = await menu.getByRole('menuitemcheckbox', { checked: true }).allTextContents();
    expect(chosen).toHaveLength(2);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await eventually(() => isFocused(categoriesButton(page))).toBe(true);
    expect(await categoriesButton(page).textContent()).toContain('2');
    for (const category of chosen) {
      // The chips arrive in their own chunk, a moment after the first choice.
      await eventually(() => page.getByRole('button', { name: `Remove ${category}`, exact: true }).isVisible()).toBe(true);
    }

    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await eventually(() => isFocused(menu.getByRole('menuitemcheckbox').first())).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it("a card's bookmark toggles with Space and its share menu copies the link with Enter and the arrow keys", async () => {
    const { page, context } = await h.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
    await startFromTop(page);
    const card = storyCard(page, FIRST.title);
    for (const control of [
      skipLink(page),
      yourReading(page),
      themeButton(page),
      searchBox(page),
      categoriesButton(page),
      savedToggle(page),
      page.getByRole('button', { name: 'Following', exact: true }),
      page.getByRole('button', { name: 'Alerts', exact: true }),
      hideRead(page),
      card.getByRole('link', { name: 'Read more' }),
      card.getByRole('link', { name: 'Full coverage' }),
      card.getByRole('button', { name: 'Follow story' }),
    ]) {
      await tabTo(page, control);
    }
    await tabTo(page, card.getByRole('button', { name: 'Bookmark story' }));
    await page.keyboard.press('Space');
    await toast(page, 'Story bookmarked', 'Story saved to your bookmarks').waitFor();
    expect(await card.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');

    await tabTo(page, card.getByRole('button', { name: 'Share story' }));
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Share story' });
    await menu.waitFor();
    await eventually(() => isFocused(menu.getByRole('menuitem', { name: 'Share to Twitter' }))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await eventually(() => isFocused(menu.getByRole('menuitem', { name: 'Copy Link' }))).toBe(true);
    await page.keyboard.press('Enter');
    await toast(page, 'Link copied', 'Story link copied to clipboard').waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${h.fixtureOrigin}${FIRST.path}`);
  });

  it('"Read more" opens the story in a new tab with Enter', async () => {
    const { page, context } = await h.open();
    await startFromTop(page);
    await tabTo(page, skipLink(page));
    await page.keyboard.press('Enter');
    const readMore = storyCard(page, FIRST.title).getByRole('link', { name: 'Read more' });
    await tabTo(page, readMore);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${h.fixtureOrigin}${FIRST.path}`);
  });
});
