/**
 * The page's start (docs/product.md#search-categories-and-the-url): the search box works from
 * the moment it shows, on a slow phone too. (An entry script that cannot load: frame.e2e.ts.)
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.ts';
import { eventually, expectedTitles, searchBox, searchParams, shownTitles, SITE } from './support/site.ts';

const h = useHarness();

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
