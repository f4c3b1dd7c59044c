/**
 * Lighthouse runs of the app and of the static page, and Lighthouse CI's assertions over them.
 * Lighthouse's default config is the mobile preset with simulated throttling; each page's run
 * gets a fresh Chromium profile. The app's repeat visit is a second Lighthouse run in the same
 * browser right after its first visit (the warm-up navigation), with `disableStorageReset:
 * true`: the service worker, the HTTP cache and localStorage stay as the first visit left them.
 * The static page has first visits only: its medians are the floor both visits are held to.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumPath, CHROMIUM_FLAGS } from '../chromium.mjs';

/** The categories the targets name (Lighthouse 12 has no PWA category). */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The audits read from each run, by their Lighthouse ids. */
export const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'];
/** Time for the first visit's service worker to finish installing before the repeat visit. */
const WARM_UP_SETTLE_MS = 2000;

/**
 * A Chromium with a DevTools port for Lighthouse, on a fresh profile. Not Playwright: its
 * protocol session would add its own work to the page's main thread, which Lighthouse times.
 */
async function launchForLighthouse() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(chromiumPath(), [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const portFile = join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 20_000;
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode} before opening its DevTools port`);
    if (Date.now() > deadline) throw new Error('Chromium opened no DevTools port within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // A helper process of Chromium may still be writing its cache: the profile is only a temp dir.
      }
    },
  };
}

/**
 * One Lighthouse run; the report (LHR) as Lighthouse writes it.
 * @param {string} url
 * @param {number} port
 * @param {boolean} repeat
 */
async function runLighthouse(url, port, repeat) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: CATEGORIES,
      // Screenshots take time and count in no score.
      skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
      disableFullPageScreenshot: true,
      disableStorageReset: repeat,
    },
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return { lhr, json: /** @type {string} */ (result.report) };
}

/**
 * @typedef {{ scores: Record<string, number>, metrics: Record<string, number>, failing: string[], warnings: string[], benchmarkIndex: number }} RunFigures
 */

/**
 * What the bench reads from a report: category scores, metric values, and the audits that
 * cost the non-performance categories points (by title).
 * @param {import('lighthouse').Result} lhr
 * @returns {RunFigures}
 */
function figuresOf(lhr) {
  /** @type {Record<string, number>} */
  const scores = {};
  /** @type {string[]} */
  const failing = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score ?? Number.NaN;
    if (id === 'performance' || !category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${id}: ${audit.title}`);
    }
  }
  /** @type {Record<string, number>} */
  const metrics = {};
  for (const id of METRICS) metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
  return { scores, metrics, failing, warnings: lhr.runWarnings, benchmarkIndex: lhr.environment.benchmarkIndex };
}

/**
 * `runs` rounds; each measures, in alternating order, the static page then the app (or the
 * other way round), each in a fresh Chromium: the static page's first visit, the app's first
 * and repeat visits. Reports are written to `outDir/<page>-<visit>/.lighthouseci/` for
 * Lighthouse CI.
 * @param {{ appUrl: string, staticUrl: string, runs: number, outDir: string, log: (message: string) => void }} options
 */
export async function collectLighthouse({ appUrl, staticUrl, runs, outDir, log }) {
  rmSync(outDir, { recursive: true, force: true });
  /** @type {{ app: { first: RunFigures[], repeat: RunFigures[] }, static: { first: RunFigures[] } }} */
  const figures = { app: { first: [], repeat: [] }, static: { first: [] } };
  for (let run = 0; run < runs; run += 1) {
    /** @type {('app' | 'static')[]} */
    const order = run % 2 === 0 ? ['static', 'app'] : ['app', 'static'];
    for (const page of order) {
      const url = page === 'app' ? appUrl : staticUrl;
      const browser = await launchForLighthouse();
      try {
        for (const visit of page === 'app' ? /** @type {const} */ (['first', 'repeat']) : /** @type {const} */ (['first'])) {
          if (visit === 'repeat') await new Promise((resolve) => setTimeout(resolve, WARM_UP_SETTLE_MS));
          const { lhr, json } = await runLighthouse(url, browser.port, visit === 'repeat');
          const dir = join(outDir, `${page}-${visit}`, '.lighthouseci');
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, `lhr-${run + 1}.json`), json);
          const result = figuresOf(lhr);
          (page === 'app' ? figures.app[visit] : figures.static.first).push(result);
          log(`lighthouse run ${run + 1}/${runs}, ${page}, ${visit} visit: performance ${Math.round(result.scores.performance * 100)}, LCP ${Math.round(result.metrics['largest-contentful-paint'])} ms, TBT ${Math.round(result.metrics['total-blocking-time'])} ms, TTI ${Math.round(result.metrics.interactive)} ms`);
        }
      } finally {
        await browser.close();
      }
    }
  }
  return figures;
}

/**
 * `lhci assert` with scripts/bench/lighthouserc.cjs over the app's reports of one visit. It
 * reads `.lighthouseci/` in its working directory, so each visit has its own folder.
 * @param {{ lhci: string, rc: string, outDir: string, visit: 'first' | 'repeat' }} options
 * @returns {Promise<{ passed: boolean, output: string, results: { auditId: string, auditProperty?: string, operator: string, expected: number, actual: number, passed: boolean }[] }>}
 */
export function assertWithLhci({ lhci, rc, outDir, visit }) {
  const cwd = join(outDir, `app-${visit}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [lhci, 'assert', `--config=${rc}`, '--includePassedAssertions'], {
      cwd,
      env: { ...process.env, BENCH_VISIT: visit },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const file = join(cwd, '.lighthouseci', 'assertion-results.json');
      if (!existsSync(file)) return reject(new Error(`lhci assert (${visit} visit) wrote no results, exit ${code}:\n${output}`));
      const results = JSON.parse(readFileSync(file, 'utf8'));
      resolve({ passed: code === 0, output, results });
    });
  });
}
