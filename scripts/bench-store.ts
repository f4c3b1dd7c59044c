// The store half of `npm run bench:function`: fetch-news answering from the store under load
// (autocannon), `?q=` search over 30 days of stories, and the CPU of an ingest where every source
// answers 304 against a full one. The store is the embedded PGlite in a child process (so that its
// CPU is not counted as the function's), or BENCH_DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { denoArgs, denoEnv, denoPath, ROOT } from './lib/function-command.mjs';
import { connectStore, migrate } from './lib/store.mjs';
import { ingest } from '../supabase/functions/_shared/ingest/ingest.ts';
import { claimSources, recordOutcomes, searchStories, syncSources, upsertStories, type StoryRow } from '../supabase/functions/_shared/store/store.ts';
import { DEFAULT_AGGREGATE_CONFIG } from '../supabase/functions/_shared/ingest/config.ts';
import type { Source } from '../supabase/functions/_shared/stories/sources.ts';

const SOURCES = 24;
const PER_DAY = 50;
const DAYS = 30;
const CONNECTIONS = 100;
const DURATION_S = 10;
const SEARCHES = 200;
const INGEST_ROUNDS = 5;

interface AutocannonResult {
  latency: { p50: number; p99: number; average: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const WORDS = (
  'election budget minister climate storm court ruling market shares bank inflation rates health vaccine hospital school ' +
  'teachers strike union football league final cup player coach transfer science space rocket launch telescope planet ' +
  'ocean wildfire flood drought energy solar wind nuclear oil prices trade tariffs border refugees talks peace summit ' +
  'president parliament vote reform tax police arrest protest city council housing rent transport rail airline flights ' +
  'technology software security breach privacy artificial intelligence chips startup funding merger profits jobs report ' +
  'study researchers discover species museum film festival music award author novel'
).split(' ');

/** Deterministic pseudo-random numbers, so every run searches the same stories. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

function phrase(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${output}`)));
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

export interface StoreBench {
  readonly store: string;
  readonly stories: number;
  readonly load: AutocannonResult;
  readonly searchP50: number;
  readonly searchP95: number;
  readonly fullCpu: number;
  readonly notModifiedCpu: number;
}

export async function storeBench(): Promise<StoreBench> {
  const children: ChildProcess[] = [];
  const servers: ReturnType<typeof createServer>[] = [];
  try {
    let url = process.env.BENCH_DATABASE_URL?.trim();
    if (!url) {
      const child = spawn(process.execPath, ['-e', "import('./scripts/lib/store.mjs').then(async (m) => { const s = await m.startEmbeddedStore(); console.log('store at ' + s.url); })"], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      url = (await waitForLine(child, /postgres:\/\/\S+/)).trim();
    }
    const now = new Date();
    const sql = connectStore(url);
    await migrate(sql);
    await sql`truncate stories, sources`;

    // 30 days of 24 sources x 50 stories a day.
    const next = random(42);
    const sources: Source[] = Array.from({ length: SOURCES }, (_, i) => ({ name: `Source ${i}`, url: `https://source${i}.example/feed`, category: 'World' }));
    const total = SOURCES * PER_DAY * DAYS;
    const step = (DAYS * 24 * 3_600_000) / total;
    for (let start = 0; start < total; start += 1_000) {
      const batch: StoryRow[] = [];
      for (let i = start; i < Math.min(total, start + 1_000); i++) {
        const link = `https://source${i % SOURCES}.example/story/${i}`;
        batch.push({ id: `b${i.toString(36)}`, title: phrase(next, 9), summary: phrase(next, 40), source: `Source ${i % SOURCES}`, url: link, canonicalUrl: link, published_at: new Date(now.getTime() - i * step).toISOString(), category: 'World' });
      }
      await upsertStories(sql, now, batch);
    }
    await sql`analyze stories`;

    // Search: one to three words, as readers type them.
    const searches: number[] = [];
    const queries = random(7);
    for (let i = 0; i < SEARCHES; i++) {
      const started = performance.now();
      await searchStories(sql, phrase(queries, 1 + (i % 3)), now);
      searches.push(performance.now() - started);
    }

    // Ingest: 24 feeds of 50 items over loopback, with ETags; full (validators cleared) vs all 304.
    const feeds = createServer((request, response) => {
      const n = Number(/\/feed\/(\d+)/.exec(request.url ?? '')?.[1]);
      const etag = `"feed-${n}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
      const items = Array.from({ length: PER_DAY }, (_, i) => `<item><title>${phrase(random(n * 100 + i), 9)}</title><link>https://feed${n}.example/${i}</link><guid>feed${n}-${i}</guid><pubDate>${new Date(now.getTime() - i * 600_000).toUTCString()}</pubDate><description>${phrase(random(i), 40)}</description></item>`);
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${n}</title><link>https://feed${n}.example/</link>${items.join('')}</channel></rss>`);
    });
    servers.push(feeds);
    await new Promise<void>((done) => feeds.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
    const feedSources: Source[] = Array.from({ length: SOURCES }, (_, i) => ({ name: `Feed ${i}`, url: `${origin}/feed/${i}`, category: 'World' }));
    const deps = { now: () => new Date(), config: { ...DEFAULT_AGGREGATE_CONFIG, allowLoopback: true } };
    const full: number[] = [];
    const notModified: number[] = [];
    for (let round = 0; round < INGEST_ROUNDS; round++) {
      await sql`update sources set etag = null, last_modified = null`;
      let started = cpuMs();
      await ingest(sql, feedSources, deps, { all: true });
      full.push(cpuMs() - started);
      started = cpuMs();
      const report = await ingest(sql, feedSources, deps, { all: true });
      notModified.push(cpuMs() - started);
      if (report.notModified !== SOURCES) throw new Error(`expected ${SOURCES} sources to answer 304, got ${JSON.stringify(report)}`);
    }
    // Back to the 24 generated sources, freshly ingested, so that fetch-news starts no ingest.
    await syncSources(sql, sources);
    await claimSources(sql, now, true);
    await recordOutcomes(sql, now, sources.map((source) => ({ url: source.url, count: 25, nextFetchAt: new Date(now.getTime() + 240_000) })));
    const stories = Number((await sql<{ n: string }[]>`select count(*) as n from stories`)[0]?.n ?? 0);
    await sql.end();

    // fetch-news on Deno reading the store; the embedded store takes one connection, held by Deno now.
    const port = await freePort();
    const deno = spawn(denoPath(), denoArgs({}), { cwd: ROOT, env: { ...process.env, ...denoEnv({ FUNCTIONS_PORT: String(port) }, { databaseUrl: url }) }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(deno);
    await waitForLine(deno, /listening on/);
    const endpoint = `http://127.0.0.1:${port}/functions/v1/fetch-news`;
    await fetch(endpoint).then((response) => response.arrayBuffer()); // warm-up: connection and JIT
    const load = await autocannon({ url: endpoint, connections: CONNECTIONS, duration: DURATION_S });
    return {
      store: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'the embedded PGlite (a child process, one connection)',
      stories,
      load,
      searchP50: percentile(searches, 50),
      searchP95: percentile(searches, 95),
      fullCpu: percentile(full, 50),
      notModifiedCpu: percentile(notModified, 50),
    };
  } finally {
    for (const server of servers) server.close();
    for (const child of children) child.kill('SIGTERM');
  }
}

export function storeSection(result: StoreBench): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = result.notModifiedCpu / result.fullCpu;
  return `## From the store

Store: ${result.store}, holding ${result.stories.toLocaleString('en')} stories (${SOURCES} sources x ${PER_DAY} a day x ${DAYS} days, generated;
plus the last ingest's). fetch-news on Deno (\`serve-local.ts\`, one connection to the store) answering \`GET\` with no parameter
(the newest 200, the sources), ${CONNECTIONS} connections for ${DURATION_S} s with autocannon on loopback; there is no answer cache.

| measure | figure | target |
|---|---|---|
| answer latency p50 | ${ms(result.load.latency.p50)} | |
| answer latency p99 | ${ms(result.load.latency.p99)} | ≤ 50 ms: ${result.load.latency.p99 <= 50 ? 'met' : 'NOT met'} |
| requests per second (mean) | ${result.load.requests.average.toFixed(0)} | |
| errors, timeouts, non-2xx | ${result.load.errors}, ${result.load.timeouts}, ${result.load.non2xx} | 0 |
| \`?q=\` search p50 (${SEARCHES} searches of 1-3 words, last 30 days) | ${ms(result.searchP50)} | |
| \`?q=\` search p95 | ${ms(result.searchP95)} | ≤ 50 ms: ${result.searchP95 <= 50 ? 'met' : 'NOT met'} |
| ingest CPU, full refresh of ${SOURCES} feeds of ${PER_DAY} items (median of ${INGEST_ROUNDS}) | ${ms(result.fullCpu)} | |
| ingest CPU, every source answering 304 | ${ms(result.notModifiedCpu)} (${(ratio * 100).toFixed(0)}%) | ≤ 10%: ${ratio <= 0.1 ? 'met' : 'NOT met'} |

CPU is the benchmark process's (the ingest, the driver and the loopback feed server; the store's own CPU is in its
process and not counted). With 100 connections the p99 is queueing: every request waits for the one
connection the embedded store serves, so it measures the embedded store's throughput rather than one answer's cost;
a PostgreSQL server with a pool (BENCH_DATABASE_URL) serves requests in parallel.
`;
}

/** Puts the section into the document, in place of an earlier one (`npm run bench:function -- --store`). */
export function withStoreSection(markdown: string, section: string): string {
  const start = markdown.indexOf('## From the store');
  if (start === -1) return `${markdown.trimEnd()}\n\n${section}`;
  const end = markdown.indexOf('\n## ', start + 1);
  return `${markdown.slice(0, start)}${section}${end === -1 ? '' : markdown.slice(end + 1)}`;
}
