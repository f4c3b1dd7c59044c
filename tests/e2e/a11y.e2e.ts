/**
 * axe-core on every screen of the site, at 375 and 1280 px, in light (and at 1280 px also in
 * dark): WCAG 2.0/2.1 A and AA plus axe's best practices, zero violations allowed.
 *
 * axe is injected with `addInitScript({ path })`: init scripts are not subject to the page's
 * Content-Security-Policy, so the CSP stays on (no `bypassCSP`).
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXPECTED_STORIES } from './support/feeds.ts';
import { EXPECTED, type OpenOptions, useHarness } from './support/harness.ts';
import { categoriesButton, demoNotice, openHome, openHomeWithStories, searchBox, SITE, storyCard } from './support/site.ts';

const h = useHarness();
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeNode {
  target: unknown;
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

async function axeViolations(page: Page, waitForNetwork: boolean): Promise<AxeViolation[]> {
  // Let late chunks and images arrive and transitions end, so that what axe sees is final.
  if (waitForNetwork) await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      helpUrl,
      nodes: nodes.map(({ target, html, failureSummary }) => ({ target, html, failureSummary })),
    }));
  }, TAGS);
}

function report(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n` +
        violation.nodes.map((node) => `  - ${JSON.stringify(node.target)}\n    ${node.html}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`).join('\n'),
    )
    .join('\n');
}

interface Screen {
  name: string;
  options?: OpenOptions;
  /** The loading state's request hangs on purpose: the network never goes idle. */
  busy?: boolean;
  show(page: Page): Promise<void>;
}

const failing = { expectConsoleErrors: [EXPECTED.failedRequests] };

const SCREENS: Screen[] = [
  { name: 'the home page with live stories', show: (page) => openHomeWithStories(page) },
  {
    name: 'the home page with the Categories menu open',
    show: async (page) => {
      await openHomeWithStories(page);
      await categoriesButton(page).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'the home page with a share menu open',
    show: async (page) => {
      await openHomeWithStories(page);
      await storyCard(page, EXPECTED_STORIES[0]!.title).getByRole('button', { name: 'Share story' }).click();
      await page.getByRole('menu', { name: 'Share story' }).waitFor();
    },
  },
  {
    name: 'the home page with chosen categories, a bookmark and its toast',
    show: async (page) => {
      await openHomeWithStories(page, '?category=Science&category=Sports');
      await storyCard(page, EXPECTED_STORIES[0]!.title).getByRole('button', { name: 'Bookmark story' }).click();
      await page.getByText('Story saved to your bookmarks').waitFor();
    },
  },
  {
    name: 'the demo fallback',
    options: failing,
    show: async (page) => {
      h.backend.always({ status: 500 });
      await openHome(page);
      await demoNotice(page).waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'the error screen',
    options: failing,
    show: async (page) => {
      h.backend.always({ status: 500 });
      await page.route('**/assets/samples-*.js', (route) => route.abort());
      await openHome(page);
      await page.getByRole('button', { name: 'Try Again' }).waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'the empty state',
    show: async (page) => {
      await openHomeWithStories(page);
      await searchBox(page).fill('xyzzy no such story');
      await page.getByRole('heading', { name: 'No stories found' }).waitFor();
    },
  },
  {
    name: 'the loading state',
    busy: true,
    show: async (page) => {
      h.backend.always('hang');
      await openHome(page);
      await page.locator('main[aria-busy="true"]').waitFor();
    },
  },
  {
    name: 'the 404 page',
    options: { expectConsoleErrors: [/404/] },
    show: async (page) => {
      await page.goto(`${SITE}/some/unknown/path`);
      await page.getByText('Oops! Page not found').waitFor();
    },
  },
];

const VARIANTS = [
  { width: 375, colorScheme: 'light' as const },
  { width: 1280, colorScheme: 'light' as const },
  { width: 1280, colorScheme: 'dark' as const },
];

for (const { width, colorScheme } of VARIANTS) {
  describe(`axe at ${width} px, ${colorScheme} theme`, () => {
    for (const screen of SCREENS) {
      it(`finds no violations on ${screen.name}`, async () => {
        const { page } = await h.open({ ...screen.options, width, colorScheme, initScripts: [{ path: AXE_PATH }] });
        await screen.show(page);
        const violations = await axeViolations(page, !screen.busy);
        if (violations.length > 0) console.error(`axe violations on ${screen.name} at ${width} px (${colorScheme}):\n${report(violations)}`);
        expect(violations.map((violation) => violation.id), report(violations)).toEqual([]);
      });
    }
  });
}
