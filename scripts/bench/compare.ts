// `npm run bench:compare -- <baseline tree>`: this tree against another commit's (`git archive <rev> | tar -x -C <dir>`; its
// node_modules is linked to this one's), both built here and run by run interleaved in Chromium at 4x CPU on loopback:
// - a card's cost: the project's StoryList drawing 200 stories (scripts/bench/cards/, copied into a baseline that has none);
// - a first visit at 200 stories, as `npm run bench` records it: when the first and the last card were in, its tasks, its layout shift;
// - typing at 1,000 stories, as `npm run bench` types, beside the static page's plain input (the machine's own noise);
// - Lighthouse on the home page at 200 stories, as `npm run bench` runs it (mobile preset, a first visit and a repeat visit).
// Prints candidate - baseline with 95% confidence intervals, paired by run, and writes dist-bench/compare.json.
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { extname, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../chromium.mjs';
import { ROOT } from '../lib/function-command.mjs';
import { viteBuild, vitePreview } from '../lib/vite.ts';
import { CPU_THROTTLE, type FirstVisit, firstVisit, type LighthouseRun, lighthouseVisits, throttledPage, typingRun } from './browser.ts';
import type { CardTimes } from './cards/main.tsx';
import { afterFirstCard, blockingTime } from './report.ts';
import { makeStories, startStandIn } from './site.ts';
import { median, pairedInterval, quantile } from './stats.ts';

const USAGE = 'usage: npm run bench:compare -- <baseline tree> [--card-runs=10] [--visit-runs=5] [--typing-runs=5] [--lighthouse-runs=5] (each at least 2)';
const baselineArg = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
const option = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = { cards: option('card-runs', 10), visits: option('visit-runs', 5), typing: option('typing-runs', 5), lighthouse: option('lighthouse-runs', 5) };
if (!baselineArg || !existsSync(`${resolve(baselineArg)}/package.json`) || Object.values(RUNS).some((runs) => !Number.isInteger(runs) || runs < 2)) throw new Error(USAGE);
const STORIES = { cards: 200, typing: 1000 };
const REPEAT = 5;
const TREES = { baseline: resolve(baselineArg), candidate: ROOT } as const;
type Tree = keyof typeof TREES;
const ORDER = (run: number): Tree[] => (run % 2 ? ['candidate', 'baseline'] : ['baseline', 'candidate']);
const CARDS_DIR = 'scripts/bench/cards';
const out = `${ROOT}/dist-bench/compare`;
const log = (message: string) => console.error(`[compare ${new Date().toISOString().slice(11, 19)}] ${message}`);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * One page load of the card bench: StoryList's render and commit of the stories, and the layout after. Throws when the
 * page did not draw every card (a tree whose StoryList needs what this page does not give it): its times would time nothing.
 */
async function cardRun(browser: Browser, dir: string, stories: ReturnType<typeof makeStories>): Promise<CardTimes> {
  const { context, page } = await throttledPage(browser, { width: 1280, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    // The build's files at a made-up origin, answered here: nothing leaves the browser.
    await page.route('http://cards.bench/**', (route) => {
      const path = `${dir}${new URL(route.request().url()).pathname}`;
      return existsSync(path) ? route.fulfill({ contentType: TYPES[extname(path)] ?? 'application/octet-stream', body: readFileSync(path) }) : route.fulfill({ status: 404 });
    });
    await page.addInitScript((init) => Object.assign(window, init), { __stories: stories, __repeat: REPEAT });
    await page.goto('http://cards.bench/index.html');
    await page.waitForFunction(() => '__cards' in window);
    const times = await page.evaluate(() => (window as unknown as { __cards: () => CardTimes }).__cards());
    const drawn = await page.locator('article').count();
    if (drawn !== stories.length) throw new Error(`page drew ${drawn} of ${stories.length} cards${errors[0] ? ` (${errors[0]})` : ''}`);
    return times;
  } finally {
    await context.close();
  }
}

const started = Date.now();
const load = [os.loadavg()[0] ?? Number.NaN];
const standIn = await startStandIn();
const previews: Partial<Record<Tree, Awaited<ReturnType<typeof vitePreview>>>> = {};
try {
  if (!existsSync(`${TREES.baseline}/node_modules`)) symlinkSync(`${ROOT}/node_modules`, `${TREES.baseline}/node_modules`);
  if (!existsSync(`${TREES.baseline}/${CARDS_DIR}`)) cpSync(`${ROOT}/${CARDS_DIR}`, `${TREES.baseline}/${CARDS_DIR}`, { recursive: true });
  for (const tree of ['baseline', 'candidate'] as const) {
    log(`building ${tree} (${TREES[tree]})`);
    await viteBuild(`${out}/${tree}/site`, standIn.env, { root: TREES[tree] });
    await viteBuild(`${out}/${tree}/cards`, standIn.env, { root: TREES[tree], config: `${TREES[tree]}/${CARDS_DIR}/vite.config.ts` });
    previews[tree] = await vitePreview(`${out}/${tree}/site`, standIn.env);
  }
  const url = (tree: Tree) => previews[tree]?.url ?? '';
  load.push(os.loadavg()[0] ?? Number.NaN);
  const cards: Record<Tree, CardTimes[]> = { baseline: [], candidate: [] };
  let cardsFailed: string | undefined;
  const visits: Record<Tree, FirstVisit[]> = { baseline: [], candidate: [] };
  const keys: Record<Tree | 'plain', number[][]> = { baseline: [], candidate: [], plain: [] };
  const lighthouse: Record<Tree, Record<'first' | 'repeat', LighthouseRun[]>> = { baseline: { first: [], repeat: [] }, candidate: { first: [], repeat: [] } };
  mkdirSync(`${out}/lighthouse`, { recursive: true });
  standIn.setStories(makeStories(STORIES.cards, standIn.origin));
  for (let run = 0; run < RUNS.lighthouse; run += 1) {
    for (const tree of ORDER(run)) {
      const [first, repeat] = await lighthouseVisits(url(tree), true, (visit) => `${out}/lighthouse/${tree}-${visit}-${run + 1}.json`);
      if (first) lighthouse[tree].first.push(first);
      if (repeat) lighthouse[tree].repeat.push(repeat);
    }
    const lcp = (tree: Tree) => `${tree} LCP ${Math.round(lighthouse[tree].first.at(-1)?.values['largest-contentful-paint'] ?? 0)} ms`;
    log(`lighthouse run ${run + 1}/${RUNS.lighthouse}: ${ORDER(run).map(lcp).join(', ')}`);
  }
  const browser = await launchChromium();
  try {
    let stories = makeStories(STORIES.cards, standIn.origin);
    standIn.setStories(stories);
    for (let run = 0; run < RUNS.cards; run += 1) {
      for (const tree of ORDER(run)) {
        const times = await cardRun(browser, `${out}/${tree}/cards`, stories).catch((error: unknown) => {
          cardsFailed ??= `not compared: the ${tree}'s card ${String(error instanceof Error ? error.message : error)}`;
          return undefined;
        });
        if (times) cards[tree].push(times);
      }
      if (cardsFailed) break;
      log(`cards run ${run + 1}/${RUNS.cards}: ${ORDER(run).map((tree) => `${tree} mount ${cards[tree].at(-1)?.mount.toFixed(0)} ms`).join(', ')}`);
    }
    for (let run = 0; run < RUNS.visits; run += 1) {
      for (const tree of ORDER(run)) visits[tree].push(await firstVisit(browser, url(tree), stories[0]?.title ?? ''));
      log(`first visit run ${run + 1}/${RUNS.visits}: ${ORDER(run).map((tree) => `${tree} first card at ${visits[tree].at(-1)?.firstCard.toFixed(0)} ms`).join(', ')}`);
    }
    stories = makeStories(STORIES.typing, standIn.origin);
    standIn.setStories(stories);
    for (let run = 0; run < RUNS.typing; run += 1) {
      // The trees take turns going first, as everywhere; the plain input, only a gauge of the noise, goes last.
      for (const which of [...ORDER(run), 'plain'] as const) {
        keys[which].push(await typingRun(browser, which === 'plain' ? `${standIn.origin}/static.html` : url(which), stories[0]?.title ?? ''));
      }
      log(`typing run ${run + 1}/${RUNS.typing}: p95 ${(['baseline', 'candidate', 'plain'] as const).map((which) => `${which} ${quantile(keys[which].at(-1) ?? [], 0.95).toFixed(0)}`).join(', ')} ms`);
    }
  } finally {
    await browser.close();
  }
  load.push(os.loadavg()[0] ?? Number.NaN);
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}/../compare.json`, JSON.stringify({ date: new Date().toISOString(), trees: TREES, runs: RUNS, load, cards, visits, keys, lighthouse }, null, 2));

  /** A figure of each run of both trees: their medians, and candidate - baseline with its 95% interval. */
  const row = (name: string, pick: (tree: Tree) => number[], digits = 1) => {
    const [baseline, candidate] = [pick('baseline'), pick('candidate')];
    const { difference, low, high } = pairedInterval(candidate, baseline);
    const f = (value: number) => value.toFixed(digits);
    return `- ${name}: baseline ${f(median(baseline))}, candidate ${f(median(candidate))} (medians); difference ${f(difference)} (95% CI ${f(low)} to ${f(high)})`;
  };
  const card = (pick: (times: CardTimes) => number) => (tree: Tree) => cards[tree].map(pick);
  const visit = (pick: (visit: FirstVisit) => number) => (tree: Tree) => visits[tree].map(pick);
  const audit = (visit: 'first' | 'repeat', id: string) => (tree: Tree) => lighthouse[tree][visit].map((run) => run.values[id] ?? Number.NaN);
  const indexes = (['baseline', 'candidate'] as const).flatMap((tree) => [...lighthouse[tree].first, ...lighthouse[tree].repeat].map((run) => run.benchmarkIndex));
  const lines = [
    `Lighthouse, the home page at ${STORIES.cards} stories, mobile preset, ${RUNS.lighthouse} runs each (benchmark index ${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))}):`,
    row('first visit Performance', audit('first', 'performance'), 0),
    row('first visit First Contentful Paint (ms)', audit('first', 'first-contentful-paint'), 0),
    row('first visit Largest Contentful Paint (ms)', audit('first', 'largest-contentful-paint'), 0),
    row('first visit Total Blocking Time (ms)', audit('first', 'total-blocking-time'), 0),
    row('repeat visit Performance', audit('repeat', 'performance'), 0),
    row('repeat visit Largest Contentful Paint (ms)', audit('repeat', 'largest-contentful-paint'), 0),
    row('repeat visit Total Blocking Time (ms)', audit('repeat', 'total-blocking-time'), 0),
    `A card's render, ${STORIES.cards} cards at ${CPU_THROTTLE}x CPU, ${RUNS.cards} page loads each (ms):`,
    ...(cardsFailed
      ? [`- ${cardsFailed}`]
      : [
          row('first mount (render + commit)', card((t) => t.mount)),
          row(`mount again, median of ${REPEAT}`, card((t) => median(t.remount))),
          row(`render again with new objects, median of ${REPEAT}`, card((t) => median(t.update))),
          row('style and layout after a mount, median', card((t) => median(t.layout))),
        ]),
    `A first visit, ${STORIES.cards} stories, 412x823, ${CPU_THROTTLE}x CPU, ${RUNS.visits} runs each:`,
    row('first card (ms)', visit((v) => v.firstCard)),
    row('every card, after the first (ms)', visit((v) => v.allCards - v.firstCard)),
    row('blocking, each task over 50 ms (ms)', visit((v) => blockingTime(v.tasks))),
    row('tasks over 50 ms after the first card', (tree) => afterFirstCard(visits[tree]).map((tasks) => tasks.length)),
    row('layout shift', visit((v) => v.shifts), 3),
  ];
  for (const tree of ['baseline', 'candidate'] as const) {
    for (const [run, tasks] of afterFirstCard(visits[tree]).entries()) {
      for (const task of tasks) lines.push(`  - ${tree} run ${run + 1}, after the first card: ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms: ${task.scripts.map((s) => `${s.label} ${Math.round(s.duration)}`).join('; ') || '(no script over 5 ms)'}`);
    }
  }
  const p95s = (which: Tree | 'plain') => keys[which].map((run) => quantile(run, 0.95));
  lines.push(
    `Typing, ${STORIES.typing.toLocaleString('en-US')} stories, ${RUNS.typing} runs each (ms):`,
    row('p95 of a run', p95s),
    `- the plain input's per-run p95s, the machine's own noise: ${p95s('plain').map((p) => p.toFixed(0)).join(', ')}`,
    `Load average (1 min) before, after the builds, at the end: ${load.map((l) => l.toFixed(2)).join(', ')}; ${((Date.now() - started) / 60_000).toFixed(1)} minutes.`,
  );
  console.log(lines.join('\n'));
} finally {
  for (const preview of Object.values(previews)) preview?.stop();
  await standIn.close();
}
