/**
 * The page's start (docs/product.md#when-the-page-cannot-load, docs/product.md#search-categories-and-the-url):
 * an entry script that cannot load leaves the page header and "Reload", never a blank page; and
 * the search box works from the moment it shows, on a slow phone too.
 */
import { describe, expect, it } from 'vitest';
import { EXPECTED, useHarness } from './support/harness.ts';
import { eventually, expectedTitles, searchBox, searchParams, shownTitles, SITE } from './support/site.ts';

const h = useHarness();

describe('an entry script that cannot load', () => {
  it('shows the page header and "Reload", which loads the page once the script can load', async () => {
    const { page } = await h.open({ expectConsoleErrors: [EXPECTED.failedRequests] });
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto(`${SITE}/`);
    await page.getByRole('button', { name: 'Reload', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Newsroom', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Stay informed with the latest news').isVisible()).toBe(true);
    expect(await page.getByText('The page could not load. Check your connection, then reload.').isVisible()).toBe(true);

    await page.unroute('**/assets/index-*.js');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Top Stories', exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Reload', exact: true }).count()).toBe(0);
  });
});

describe('the search box at 4x CPU throttling', () => {
  it('keeps and applies text typed as soon as the box shows', async () => {
    const { page, context } = await h.open();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${SITE}/`, { waitUntil: 'commit' });
    await searchBox(page).waitFor({ timeout: 30_000 });
    await searchBox(page).pressSequentially('lunar');
    await eventually(() => searchParams(page).get('q'), 30_000).toBe('lunar');
    expect(await searchBox(page).inputValue()).toBe('lunar');
    await eventually(() => shownTitles(page), 30_000).toEqual(expectedTitles({ q: 'lunar' }));
    expect(expectedTitles({ q: 'lunar' }).length).toBeGreaterThan(0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});
