// The grouping part of `npm run bench:function -- --grouping`: the grouping in the store (store/grouping.ts) at the
// scale bench's size, in a loopback-only network namespace, on the embedded store and on PostgreSQL: 10,000 stories
// of 100 outlets over 48 hours, a full regroup of them (npm run regroup), then the grouping of one step's new stories
// (5 sources of 25 items, the batch a call fetches) against them. CPU: this process's user + system time (the
// function's own work, which the Edge Function's 2 s limit counts; the store runs in its own process), against the
// issue's budgets; the store's time is the rest of the wall time.
import os from 'node:os';
import { regroup } from '../../supabase/functions/_shared/ingest/ingest.ts';
import type { Sql } from '../../supabase/functions/_shared/store/db.ts';
import { requestRegroup, writing } from '../../supabase/functions/_shared/store/state.ts';
import { type StoryRow, upsertStories } from '../../supabase/functions/_shared/store/stories.ts';
import { connectStore, migrate } from '../lib/store.mjs';
import { loopbackChild, type Store } from './crowd.ts';
import { median, seededRandom } from './stats.ts';

const [STORIES, OUTLETS, EVENTS, STEP_STORIES, STEPS] = [10_000, 100, 1_500, 125, 5];
const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-14T12:00:00Z');
/** The budgets (issue 60): one step's new stories, and a full regroup. */
const [STEP_BUDGET_MS, REGROUP_BUDGET_MS] = [100, 1_000];

const SYLLABLES = ['ba', 'de', 'fi', 'go', 'ku', 'la', 'me', 'ni', 'po', 'ru', 'sa', 'te', 'vi', 'wo', 'xu', 'zy'];
const word = (n: number) => Array.from({ length: 3 }, (_, k) => SYLLABLES[(n >> (k * 4)) & 15]).join('');
/** Words every kind of headline uses, as real titles share "says", "new", "plan". */
const COMMON = ['says', 'new', 'plan', 'report', 'after', 'talks', 'deal', 'first', 'year', 'week', 'court', 'price'];

/**
 * Headlines like a day's news: each event has 8 words of its own (names, places) and is told by a number of outlets
 * drawn from a long tail (most by one or two, a few by dozens), each title 3 to 6 of its words and 1 or 2 common ones.
 */
function headlines(random: () => number, count: number, from: number, to: number, firstId: number): StoryRow[] {
  const common = () => COMMON[Math.floor(random() * COMMON.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const event = Math.floor(EVENTS * random() ** 2);
    const own = Array.from({ length: 8 }, (_, k) => word((event * 8 + k) % 4096)).filter(() => random() < 0.6);
    const title = [...own.slice(0, 6), common(), ...(random() < 0.5 ? [common()] : [])].join(' ');
    const id = `b${firstId + i}`;
    const url = `https://outlet.example/${id}`;
    return { id, title, summary: '', source: `Outlet ${Math.floor(random() * OUTLETS)}`, url, canonicalUrl: url, published_at: new Date(from + (to - from) * random()).toISOString(), category: 'World' };
  });
}

const cpuMs = () => (process.cpuUsage().user + process.cpuUsage().system) / 1000;

type Cost = { cpuMs: number; wallMs: number };

async function timed(run: () => Promise<void>): Promise<Cost> {
  const [cpu, wall] = [cpuMs(), performance.now()];
  await run();
  return { cpuMs: cpuMs() - cpu, wallMs: performance.now() - wall };
}

type Run = { groups: number; full: Cost[]; steps: Cost[] };

/** Grouping calls until none is due (a full regroup runs in bounded calls), each timed. */
async function groupUntilDone(sql: Sql): Promise<Cost[]> {
  const calls: Cost[] = [];
  for (;;) {
    calls.push(await timed(() => regroup(sql)));
    const [state] = await sql<{ due: boolean }[]>`select grouping_due_since is not null as due from ingest_state`;
    if (!state?.due) return calls;
  }
}

async function groupingOn(store: Store): Promise<Run> {
  const sql = connectStore(store.url, store.poolSize) as Sql;
  await migrate(sql);
  const random = seededRandom(60);
  const stories = headlines(random, STORIES, NOW - 48 * HOUR, NOW - HOUR / 6, 0);
  for (let i = 0; i < stories.length; i += 1_000) await upsertStories(sql, new Date(NOW), stories.slice(i, i + 1_000));
  // Placed as a store held them before the grouping (no terms), then regrouped in full, as `npm run regroup` asks, and
  // measured: once (at 10,000 stories a pass takes minutes on the embedded store), so its first call is the code's cold one.
  await sql`update stories set terms = '{}'`;
  await writing(sql, (tx) => requestRegroup(tx, new Date(NOW)));
  const full = await groupUntilDone(sql);
  const steps: Cost[] = [];
  for (let step = 0; step < STEPS; step += 1) {
    await upsertStories(sql, new Date(NOW), headlines(random, STEP_STORIES, NOW - HOUR / 6, NOW, STORIES + step * STEP_STORIES));
    steps.push(await timed(() => regroup(sql)));
  }
  const [row] = await sql<{ groups: number }[]>`select count(*)::integer as groups from stories where member_of is null`;
  await sql.end();
  return { groups: row?.groups ?? 0, full, steps };
}

function section(runs: ({ store: Store } & Run)[]): string {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const rows = runs.map(({ store, groups, full, steps }) => {
    const cpu = steps.map((s) => s.cpuMs);
    const sum = (costs: Cost[], key: keyof Cost) => costs.reduce((total, cost) => total + cost[key], 0);
    const storeMs = (cost: Cost) => cost.wallMs - cost.cpuMs;
    return `| ${store.name} | ${ms(median(cpu))} (max ${ms(Math.max(...cpu))}) | ${ms(median(steps.map(storeMs)))} | ${full.length} | ${ms(median(full.map((c) => c.cpuMs)))} (max ${ms(Math.max(...full.map((c) => c.cpuMs)))}) | ${ms(median(full.map(storeMs)))} | ${ms(sum(full, 'cpuMs'))} | ${ms(sum(full, 'wallMs'))} | ${groups.toLocaleString('en')} |`;
  });
  const worstStep = Math.max(...runs.flatMap((run) => run.steps.map((s) => s.cpuMs)));
  const worstRegroup = Math.max(...runs.flatMap((run) => run.full.map((c) => c.cpuMs)));
  return `## Grouping in the store

Written by \`npm run bench:function -- --grouping\` (scripts/bench/grouping-store.ts) on ${new Date().toISOString().slice(0, 10)}, load average
(1 min) ${os.loadavg()[0]?.toFixed(1)}. ${STORIES.toLocaleString('en')} stories of ${OUTLETS} outlets over the 48 hours before now (generated headlines of
${EVENTS.toLocaleString('en')} events, most told by one or two outlets, a few by dozens), placed by a full regroup (\`npm run regroup\`: the
grouping calls that follow place the window again, 500 stories a call, earliest first); then
${STEPS} steps of ${STEP_STORIES} new stories each (what a call's 5 sources of 25 items write), each placed by the grouping call that follows
(ingest.ts \`regroup\`). CPU: the calling process's user + system time, the function's own work (terms, the pass, building the
statements, reading the answers), which is what the Edge Function's 2 s of CPU counts; the store runs in a process of its own, and
its time (the wall time less that CPU: the queries, the round trips) is the database's, not the function's.

| store | one step's new stories: CPU, median of ${STEPS} | the store's time, median | full regroup: calls | CPU per call, median | the store's time per call, median | CPU, all calls | wall, all calls | groups after |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Budgets: one step's stories <= ${STEP_BUDGET_MS} ms of CPU (worst step here ${ms(worstStep)}: ${worstStep <= STEP_BUDGET_MS ? 'within' : 'OVER'}); a full regroup
in bounded calls, each <= ${REGROUP_BUDGET_MS} ms (the costliest here ${ms(worstRegroup)}: ${worstRegroup <= REGROUP_BUDGET_MS ? 'within' : 'OVER'}). A batch is one statement (store/grouping.ts): the store finds the
groups its new stories may join (each new term looked up once in the terms' GIN index, within the window), counts the window's terms
and sums those groups' members' vectors; the function reads one JSON answer (the groups' centroids over the new stories' terms, the
counts of those terms) and runs the pass (stories/group.ts placeInGroups): it never loads the window nor the groups' members.

The store's part is the window's size whatever the batch's (it counts the window's terms and sums the groups' vectors), seconds at
${STORIES.toLocaleString('en')} stories, and it runs under the generation's lock, as every write does (state.ts \`writing\`). So the stories a call
fetches are placed by the grouping call after the round (work_due's regroup, once no source is due or a minute later), not by
the fetching call itself: its function CPU would fit (a step's, above, beside the refresh's), but each of the round's calls, up
to 20 at once, would then hold the others' writes for as long, where one grouping call places the whole round's stories (up to
500) in one statement.
`;
}

export const groupingChild = () => loopbackChild(groupingOn, section);
