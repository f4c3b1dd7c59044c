/**
 * Per test file: one Chromium, the stand-in backend on 127.0.0.1:54329, and `open()` for a fresh
 * browser context per test. Every page of every context is watched: an uncaught page error, a
 * dialog, or a console error that the test did not declare expected fails the test.
 */
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { Backend } from './backend.ts';
import { BROKEN_IMAGE_PATH } from './feeds.ts';
import { REPO_ROOT } from './paths.ts';

interface ChromiumModule {
  launchChromium(): Promise<Browser>;
  CHROMIUM_FLAGS: string[];
}

/** scripts/chromium.mjs: the system Chromium with the flags this machine needs. */
async function launch(): Promise<Browser> {
  const module = (await import(`${REPO_ROOT}/scripts/chromium.mjs`)) as ChromiumModule;
  return module.launchChromium();
}

/** A console error a test may expect: matched against the text or the URL it is about. */
export type ExpectedConsoleError = RegExp;

export const EXPECTED = {
  /** Chromium's log line for a failed request (a refused connection, a non-2xx answer, a blocked chunk). */
  failedRequests: /Failed to load resource|net::ERR_/,
} as const;

export interface OpenOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Console errors this test expects besides the broken fixture image. */
  expectConsoleErrors?: ExpectedConsoleError[];
  /** Scripts run in every page of the context before the page's own. */
  initScripts?: (string | { path: string })[];
  context?: BrowserContextOptions;
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  /** Console errors seen so far in any page of the context (expected or not). */
  consoleErrors: string[];
}

interface Watch {
  problems: string[];
  consoleErrors: string[];
}

function describeConsole(message: ConsoleMessage): string {
  const { url } = message.location();
  return url ? `${message.text()} (${url})` : message.text();
}

export interface Harness {
  readonly backend: Backend;
  /** The real fetch-news function on Deno. */
  readonly functionEndpoint: string;
  /** Origin of the fixture feeds, images and story pages. */
  readonly fixtureOrigin: string;
  open(options?: OpenOptions): Promise<Opened>;
}

export function useHarness(): Harness {
  let browser: Browser | undefined;
  const functionEndpoint = inject('functionEndpoint');
  const fixtureOrigin = inject('fixtureOrigin');
  const backend = new Backend(functionEndpoint);
  let contexts: BrowserContext[] = [];
  let watches: Watch[] = [];

  beforeAll(async () => {
    browser = await launch();
    await backend.accept();
  });

  afterAll(async () => {
    await browser?.close();
    await backend.refuse();
  });

  beforeEach(async () => {
    backend.reset();
    await backend.accept();
  });

  afterEach(async () => {
    const problems = watches.flatMap((watch) => watch.problems);
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    contexts = [];
    watches = [];
    backend.reset();
    if (problems.length > 0) {
      throw new Error(`The page reported problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    }
  });

  async function open(options: OpenOptions = {}): Promise<Opened> {
    if (!browser) throw new Error('the browser is not running');
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      colorScheme: options.colorScheme ?? 'light',
      // Dates on cards are compared with en-US formatting in UTC.
      locale: 'en-US',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
      // The site's service worker would answer reloads from its cache, out of reach of
      // page.route; tests/e2e/offline.e2e.ts allows it where it is what is tested.
      serviceWorkers: 'block',
      ...options.context,
    });
    contexts.push(context);
    const expected = [...(options.expectConsoleErrors ?? [])];
    const watch: Watch = { problems: [], consoleErrors: [] };
    watches.push(watch);

    const watched = new WeakSet<Page>();
    const watchPage = (page: Page) => {
      if (watched.has(page)) return;
      watched.add(page);
      page.on('pageerror', (error) => watch.problems.push(`uncaught error in ${page.url()}: ${error.stack ?? error.message}`));
      page.on('dialog', (dialog) => {
        watch.problems.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
        void dialog.dismiss().catch(() => undefined);
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = describeConsole(message);
        watch.consoleErrors.push(text);
        // The fixture feed's one broken image answers 404 on purpose (the page must hide it).
        if (message.location().url.endsWith(BROKEN_IMAGE_PATH)) return;
        if (expected.some((pattern) => pattern.test(text))) return;
        watch.problems.push(`console error in ${page.url()}: ${text}`);
      });
    };
    context.on('page', watchPage);
    for (const script of options.initScripts ?? []) {
      await context.addInitScript(typeof script === 'string' ? { content: script } : script);
    }
    const page = await context.newPage();
    watchPage(page);
    return { context, page, consoleErrors: watch.consoleErrors };
  }

  return { backend, functionEndpoint, fixtureOrigin, open };
}
