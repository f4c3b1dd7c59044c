/** Reading the site the way a visitor (and assistive technology) does: roles and accessible names. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { EXPECTED_STORIES } from './feeds.ts';
import { FUNCTION_PATH, SITE } from './paths.ts';

export { SITE };

/** The exact demo notice text (docs/product.md#screens-and-states). */
export const DEMO_NOTICE =
  'Currently showing demo content. The live news feed will be available once API access is configured.';

export const SAMPLE_CATEGORIES = ['Environment', 'Finance', 'Health', 'Science', 'Sports', 'Technology'];

/** Waits (polling) until `read()` satisfies the assertion that follows. */
export function eventually<T>(read: () => T | Promise<T>, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 50 });
}

export async function openHome(page: Page, search = ''): Promise<void> {
  await page.goto(`${SITE}/${search}`);
}

/**
 * With the page's clock paused, moves it on in frames until the app has taken over the HTML
 * (`<html data-app="ready">`): the app starts after a paint and a task (src/main.tsx), which a
 * paused clock never gives. The time a test then runs for counts from the app's start.
 */
export async function runUntilTakeover(page: Page, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(() => document.documentElement.dataset.app === 'ready'))) {
    if (Date.now() > deadline) throw new Error(`the app did not take over the page within ${timeoutMs} ms`);
    await page.clock.runFor(16);
  }
}

/** Opens the home page and waits for the stories (live or samples) to show. */
export async function openHomeWithStories(page: Page, search = ''): Promise<void> {
  await openHome(page, search);
  await topStoriesHeading(page).waitFor({ timeout: 20_000 });
  await themeToggle(page).waitFor({ timeout: 20_000 });
}

export function topStoriesHeading(page: Page): Locator {
  return page.getByRole('heading', { name: 'Top Stories', level: 2, exact: true });
}

export function section(page: Page, name: 'Top Stories' | 'More Stories'): Locator {
  return page.getByRole('region', { name, exact: true });
}

export function storyCard(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('article', { name: title, exact: true });
}

export function storyArea(page: Page): Locator {
  return page.getByRole('main');
}

/** The titles of the story cards shown, in page order. */
export function shownTitles(scope: Page | Locator): Promise<string[]> {
  return scope.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search news stories', exact: true });
}

export function categoriesButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Categories/ });
}

export function savedToggle(page: Page): Locator {
  return page.getByRole('button', { name: 'Saved', exact: true });
}

export function demoNotice(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: DEMO_NOTICE });
}

export function themeToggle(page: Page): Locator {
  return page.getByRole('button', { name: /^Switch to (dark|light) theme$/ });
}

/** A toast with this title and description, in a live region (role="alert"). */
export function toast(page: Page, title: string, description: string): Locator {
  return page.getByRole('alert').filter({ hasText: title }).filter({ hasText: description });
}

/** The page's URL search parameters. */
export function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** What the visitor expects to see for a filter, by a simple reading of docs/product.md#search-categories-and-the-url. */
export function expectedTitles(filter: { q?: string; categories?: string[]; savedIds?: Set<string> }, idOf?: (title: string) => string): string[] {
  const q = (filter.q ?? '').toLowerCase();
  return EXPECTED_STORIES.filter((story) => {
    if (q && ![story.title, story.summary, story.source].some((text) => text.toLowerCase().includes(q))) return false;
    if (filter.categories?.length && !filter.categories.includes(story.category)) return false;
    if (filter.savedIds && (!idOf || !filter.savedIds.has(idOf(story.title)))) return false;
    return true;
  }).map((story) => story.title);
}

export interface AnsweredStory {
  id: string;
  title: string;
  url: string;
  source: string;
  category?: string;
  image?: string;
  published_at: string;
  summary: string;
}

let answer: Promise<AnsweredStory[]> | undefined;

/** The real function's stories (ids included), read once straight from Deno. */
export function functionStories(functionEndpoint: string): Promise<AnsweredStory[]> {
  answer ??= fetch(functionEndpoint, { method: 'POST' })
    .then((response) => response.json() as Promise<{ stories: AnsweredStory[] }>)
    .then((body) => body.stories);
  return answer;
}

export async function storyId(functionEndpoint: string, title: string): Promise<string> {
  const story = (await functionStories(functionEndpoint)).find((candidate) => candidate.title === title);
  if (!story) throw new Error(`the function has no story titled ${title}`);
  return story.id;
}

/** An init script that stores bookmarks before the page's own scripts run (first load only). */
export function storedBookmarksScript(ids: string[]): string {
  return onSite(`if (!sessionStorage.getItem('e2e-seeded')) { sessionStorage.setItem('e2e-seeded', '1'); localStorage.setItem('newsBookmarks', ${JSON.stringify(JSON.stringify(ids))}); }`);
}

/** Wraps an init script so that it only runs in the site's own documents (not about:blank or popups). */
export function onSite(script: string): string {
  return `if (location.origin === ${JSON.stringify(SITE)}) { ${script} }`;
}

export { FUNCTION_PATH };
