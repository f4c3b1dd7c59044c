/**
 * Routes other than "/" (docs/product.md#screens-and-states): the 404 page, its
 * console log and its way home, and the generic page for an unexpected routing failure.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED, useHarness } from './support/harness.ts';
import { DIST_DIR } from './support/paths.ts';
import { eventually, SITE, topStoriesHeading } from './support/site.ts';

const h = useHarness();
const UNKNOWN = '/some/unknown/path';
const logged404 = /404.*\/some\/unknown\/path/;

/** The not-found page's own chunk, when the build splits it out of the main bundle. */
function notFoundChunk(): string | undefined {
  const assets = join(DIST_DIR, 'assets');
  if (!existsSync(assets)) return undefined;
  return readdirSync(assets).find((name) => /^NotFoundPage-.*\.js$/.test(name));
}

describe('an unknown route', () => {
  it('shows the 404 page: "404", "Oops! Page not found" and a "Return to Home" link to "/"', async () => {
    const { page } = await h.open({ expectConsoleErrors: [logged404] });
    await page.goto(`${SITE}${UNKNOWN}`);
    await page.getByText('Oops! Page not found', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: '404', exact: true }).isVisible()).toBe(true);
    const home = page.getByRole('link', { name: 'Return to Home', exact: true });
    expect(await home.getAttribute('href')).toBe('/');
    expect(await page.getByRole('heading', { name: 'Top Stories' }).count()).toBe(0);
  });

  it('logs the 404 with the path on the console', async () => {
    const { page, consoleErrors } = await h.open({ expectConsoleErrors: [logged404] });
    await page.goto(`${SITE}${UNKNOWN}`);
    await page.getByText('Oops! Page not found', { exact: true }).waitFor();
    await eventually(() => consoleErrors.filter((text) => logged404.test(text))).toHaveLength(1);
  });

  it('takes the visitor home to the stories with "Return to Home"', async () => {
    const { page } = await h.open({ expectConsoleErrors: [logged404] });
    await page.goto(`${SITE}${UNKNOWN}`);
    await page.getByRole('link', { name: 'Return to Home', exact: true }).click();
    await topStoriesHeading(page).waitFor();
    expect(page.url()).toBe(`${SITE}/`);
  });
});

describe('a route whose page cannot load (docs/product.md#when-the-page-cannot-load)', () => {
  /** The 404 page is a chunk of its own (src/app/router.tsx). */
  function chunkPattern(): string {
    const chunk = notFoundChunk();
    expect(chunk, 'the build has a NotFoundPage chunk').toBeTruthy();
    return `**/assets/${chunk}`;
  }
  // React logs the failure that its boundary turns into "Reload".
  const failing = { expectConsoleErrors: [EXPECTED.failedRequests, /A part of the page could not load/, logged404] };

  it('gone from the host (a deploy): reloads once by itself, then shows the page header and "Reload", which reloads the page', async () => {
    const chunk = chunkPattern();
    const { page } = await h.open(failing);
    await page.route(chunk, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${SITE}${UNKNOWN}`);
    await page.getByRole('button', { name: 'Reload', exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Newsroom', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByText('The page could not load. Check your connection, then reload.').isVisible()).toBe(true);
    // The app says it: index.html's own notice of a page that did not load stays hidden.
    expect(await page.locator('#load-stalled').isVisible()).toBe(false);
    // The one automatic reload, remembered for this tab.
    expect(loads).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('newsChunkReload'))).toBe('1');

    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await page.getByText('Oops! Page not found', { exact: true }).waitFor();
    expect(loads).toBe(3);
  });

  it('out of reach (the connection): shows the page header and "Reload" at once, without reloading into a browser error page', async () => {
    const chunk = chunkPattern();
    const { page } = await h.open(failing);
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${SITE}${UNKNOWN}`);
    await page.getByRole('button', { name: 'Reload', exact: true }).waitFor();
    expect(await page.getByRole('main').getByText('The page could not load. Check your connection, then reload.').isVisible()).toBe(true);
    // The app says it: index.html's own notice of a page that did not load stays hidden.
    expect(await page.locator('#load-stalled').isVisible()).toBe(false);
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('newsChunkReload'))).toBeNull();
  });
});
