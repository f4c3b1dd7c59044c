// `npm run bench:compare -- <baseline tree>`: this tree against another commit's (`git archive <rev> | tar -x -C <dir>`, its
// node_modules linked to this one's), both built here and run by run interleaved in Chromium at 4x CPU on loopback:
// - a card's cost: the project's StoryList drawing 200 stories (scripts/bench/cards/, copied into the baseline when it has none);
// - a first visit at 200 stories: its tasks over 50 ms, when the first and the last card were in the document, its layout shift;
// - typing at 1,000 stories against the static page's plain input, as `npm run bench` types.
// Prints the figures with 95% confidence intervals and writes dist-bench/compare.json; docs/performance-experiments.md quotes them.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { extname, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../chromium.mjs';
import { ROOT } from '../lib/function-command.mjs';
import { viteBuild, vitePreview } from '../lib/vite.ts';
import { CPU_THROTTLE, type FirstVisit, firstVisit, typingRun } from './browser.ts';
import type { CardTimes } from './cards/main.tsx';
import { makeStories, startStandIn, storyImagePng } from './site.ts';
import { median, pairedInterval, quantile, welchInterval } from './stats.ts';

const baselineArg = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!baselineArg) throw new Error('usage: npm run bench:compare -- <baseline tree> [--card-runs=10] [--visit-runs=5] [--typing-runs=5]');
const option = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RUNS = { cards: option('card-runs', 10), visits: option('visit-runs', 5), typing: option('typing-runs', 5) };
const CARDS = 200;
const REPEAT = 5;
const TREES = { baseline: resolve(baselineArg), candidate: ROOT } as const;
type Tree = keyof typeof TREES;
const ORDER = (run: number): Tree[] => (run % 2 ? ['candidate', 'baseline'] : ['baseline', 'candidate']);
const out = `${ROOT}/dist-bench/compare`;
const log = (message: string) => console.error(`[compare ${new Date().toISOString().slice(11, 19)}] ${message}`);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

/** One page load of the card bench at 4x CPU: StoryList's render and commit of CARDS stories, and the layout after. */
async function cardRun(browser: Browser, dir: string): Promise<CardTimes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.route('http://cards.bench/**', (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname.startsWith('/bench-images/')) return route.fulfill({ contentType: 'image/png', body: Buffer.from(storyImagePng(pathname)) });
      const path = `${dir}${pathname === '/' ? '/index.html' : pathname}`;
      return existsSync(path) ? route.fulfill({ contentType: TYPES[extname(path)] ?? 'application/octet-stream', body: readFileSync(path) }) : route.fulfill({ status: 404 });
    });
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.addInitScript((init) => Object.assign(window, init), { __stories: makeStories(CARDS, 'http://cards.bench'), __repeat: REPEAT });
    await page.goto('http://cards.bench/index.html');
    await page.waitForFunction(() => '__cards' in window);
    return await page.evaluate(() => (window as unknown as { __cards: () => CardTimes }).__cards());
  } finally {
    await context.close();
  }
}

/** The tasks over 50 ms that start once the first card is in the document. */
const afterFirstCard = (visit: FirstVisit) => visit.tasks.filter((task) => task.start + task.duration > (visit.cards.first ?? 0));

const started = Date.now();
const load = [os.loadavg()[0] ?? Number.NaN];
const standIn = await startStandIn();
const previews: Partial<Record<Tree, Awaited<ReturnType<typeof vitePreview>>>> = {};
try {
  const env = { VITE_SUPABASE_URL: standIn.origin, VITE_SUPABASE_ANON_KEY: 'local-development-anon-key', NODE_ENV: 'production' };
  const cardsDir = 'scripts/bench/cards';
  if (!existsSync(`${TREES.baseline}/${cardsDir}`)) cpSync(`${ROOT}/${cardsDir}`, `${TREES.baseline}/${cardsDir}`, { recursive: true });
  for (const tree of ['baseline', 'candidate'] as const) {
    log(`building ${tree} (${TREES[tree]})`);
    await viteBuild(`${out}/${tree}/site`, env, { root: TREES[tree] });
    await viteBuild(`${out}/${tree}/cards`, env, { root: TREES[tree], config: `${TREES[tree]}/${cardsDir}/vite.config.ts` });
    previews[tree] = await vitePreview(`${out}/${tree}/site`, env);
  }
  const url = (tree: Tree) => previews[tree]?.url ?? '';
  load.push(os.loadavg()[0] ?? Number.NaN);
  const browser = await launchChromium();
  const cards: Record<Tree, CardTimes[]> = { baseline: [], candidate: [] };
  const visits: Record<Tree, FirstVisit[]> = { baseline: [], candidate: [] };
  const keys: Record<Tree | 'plain', number[][]> = { baseline: [], candidate: [], plain: [] };
  try {
    for (let run = 0; run < RUNS.cards; run += 1) {
      for (const tree of ORDER(run)) cards[tree].push(await cardRun(browser, `${out}/${tree}/cards`));
      log(`cards run ${run + 1}/${RUNS.cards}: ${ORDER(run).map((tree) => `${tree} mount ${cards[tree].at(-1)?.mount.toFixed(0)} ms, update ${median(cards[tree].at(-1)?.update ?? []).toFixed(0)} ms`).join('; ')}`);
    }
    let stories = makeStories(CARDS, standIn.origin);
    standIn.setStories(stories);
    for (let run = 0; run < RUNS.visits; run += 1) {
      for (const tree of ORDER(run)) visits[tree].push(await firstVisit(browser, url(tree), stories[0]?.title ?? ''));
      log(`first visit run ${run + 1}/${RUNS.visits}: ${ORDER(run).map((tree) => `${tree} ${afterFirstCard(visits[tree].at(-1) as FirstVisit).map((t) => Math.round(t.duration)).join('+') || 'none'} after the first card`).join('; ')}`);
    }
    stories = makeStories(1000, standIn.origin);
    standIn.setStories(stories);
    for (let run = 0; run < RUNS.typing; run += 1) {
      for (const which of run % 2 ? (['plain', 'candidate', 'baseline'] as const) : (['baseline', 'candidate', 'plain'] as const)) {
        keys[which].push(await typingRun(browser, which === 'plain' ? `${standIn.origin}/static.html` : url(which), stories[0]?.title ?? ''));
      }
      log(`typing run ${run + 1}/${RUNS.typing}: p95 ${(['baseline', 'candidate', 'plain'] as const).map((which) => `${which} ${quantile(keys[which].at(-1) ?? [], 0.95).toFixed(0)}`).join(', ')} ms`);
    }
  } finally {
    await browser.close();
  }
  load.push(os.loadavg()[0] ?? Number.NaN);
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}/../compare.json`, JSON.stringify({ date: new Date().toISOString(), trees: TREES, load, cards, visits, keys }, null, 2));

  const f = (value: number) => value.toFixed(1);
  const interval = (i: { difference: number; low: number; high: number }) => `${f(i.difference)} ms (95% CI ${f(i.low)} to ${f(i.high)})`;
  const per = (tree: Tree, pick: (times: CardTimes) => number) => cards[tree].map(pick);
  const lines = [`${CARDS} cards at ${CPU_THROTTLE}x CPU, ${RUNS.cards} page loads each, interleaved; candidate - baseline, paired by run:`];
  for (const [name, pick] of [
    ['first mount (render + commit)', (t: CardTimes) => t.mount],
    ['mount again, median of 5', (t: CardTimes) => median(t.remount)],
    ['render again with new objects, median of 5', (t: CardTimes) => median(t.update)],
    ['style and layout after a mount, median', (t: CardTimes) => median(t.layout)],
  ] as const) {
    lines.push(`- ${name}: baseline ${f(median(per('baseline', pick)))} ms, candidate ${f(median(per('candidate', pick)))} ms (medians); difference ${interval(pairedInterval(per('candidate', pick), per('baseline', pick)))}`);
  }
  lines.push(`First visit, ${CARDS} stories, 412x823, ${CPU_THROTTLE}x CPU, ${RUNS.visits} runs each:`);
  for (const tree of ['baseline', 'candidate'] as const) {
    const after = visits[tree].map(afterFirstCard);
    lines.push(`- ${tree}: first card at ${visits[tree].map((v) => Math.round(v.cards.first ?? Number.NaN)).join(', ')} ms; all cards ${visits[tree].map((v) => Math.round((v.cards.all ?? Number.NaN) - (v.cards.first ?? Number.NaN))).join(', ')} ms later; tasks over 50 ms after the first card: ${after.map((tasks) => tasks.map((t) => Math.round(t.duration)).join('+') || '0').join(', ')}; layout shift ${visits[tree].map((v) => v.shifts.toFixed(3)).join(', ')}`);
    for (const [run, tasks] of after.entries()) for (const task of tasks) lines.push(`  - run ${run + 1}: ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms: ${task.scripts.map((s) => `${s.label} ${Math.round(s.duration)}`).join('; ') || '(no script over 5 ms)'}`);
  }
  const p95s = (which: Tree | 'plain') => keys[which].map((run) => quantile(run, 0.95));
  lines.push(`Typing, 1,000 stories, ${RUNS.typing} runs each: per-run p95s (ms) baseline ${p95s('baseline').join(', ')}; candidate ${p95s('candidate').join(', ')}; plain input ${p95s('plain').join(', ')}`);
  for (const tree of RUNS.typing > 1 ? (['baseline', 'candidate'] as const) : []) {
    const w = welchInterval(p95s(tree), p95s('plain'));
    lines.push(`- ${tree} - plain input (Welch): ${interval(w)}, ${f(w.df)} degrees of freedom`);
  }
  lines.push(`Load average (1 min) before, after the builds, at the end: ${load.map((l) => l.toFixed(2)).join(', ')}; ${((Date.now() - started) / 60_000).toFixed(1)} minutes.`);
  console.log(lines.join('\n'));
} finally {
  for (const preview of Object.values(previews)) preview?.stop();
  await standIn.close();
}
