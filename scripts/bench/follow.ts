// The following part of `npm run bench:function` (`-- --follow` alone): follow-news and `?follow=` on Deno under 100
// connections for 10 s (autocannon) beside a plain Node server sending the same answers, then one ingest's push fan-out
// to 10,000 subscriptions on a stand-in push service (tests/function/helpers/push-service.ts: every push's VAPID signature
// checked and payload decrypted), on the embedded store and on a throwaway PostgreSQL, in a loopback-only network namespace.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { startPushService } from '../../tests/function/helpers/push-service.ts';
import { storyId } from '../../supabase/functions/_shared/stories/story-id.ts';
import { denoArgs, denoEnv, denoPath, ROOT } from '../lib/function-command.mjs';
import { connectStore } from '../lib/store.mjs';
import { freePort, waitForLine } from '../lib/vite.ts';
import { autocannon, embeddedStore, fill, postgresStore, type Result, type Store } from './crowd.ts';

const [CONNECTIONS, DURATION_S, WARM_UP_S, FOLLOWED] = [100, 10, 3, 50] as const;
/** Two sizes of fan-out: the function's peak memory should not grow with the number of subscriptions. */
const FANOUTS = [2_000, 10_000] as const;
const INGEST_INTERVAL_S = 300;
const SECRET = 'bench-ingest-secret-that-is-long-enough-0123456789';
const TITLES = ['Harbour bridge closes after storm damages main cables', 'Storm damages main cables, harbour bridge closes'];
type Full = Result & { '2xx': number; '4xx': number };
type Recorded = { status: number; body: string; headers: Record<string, string> };

/** Stops the function and waits for it to exit: the embedded store serves one connection, which it must have let go. */
async function stopDeno(fn: ChildProcess): Promise<void> {
  if (fn.exitCode !== null || fn.signalCode !== null) return;
  const exited = new Promise((done) => fn.once('exit', done));
  fn.kill('SIGTERM');
  await exited;
}

function startDeno(env: Record<string, string>, sourcesFile?: string): ChildProcess {
  const args = denoArgs(sourcesFile ? { NEWS_SOURCES_FILE: sourcesFile } : {});
  return spawn(denoPath(), args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

/** A plain Node server in its own process that answers every request with one recorded answer. */
async function plainServer(answer: Recorded): Promise<{ origin: string; stop(): void }> {
  const code = `let text = ''; process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => {
  const answer = JSON.parse(text); const body = Buffer.from(answer.body);
  require('node:http').createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answer.status, answer.headers).end(body));
  }).listen(0, '127.0.0.1', function () { console.log('plain at ' + this.address().port); });
});`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(answer));
  const port = (await waitForLine(child, /plain at \d+/)).split(' ').pop();
  return { origin: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
}

async function record(url: string, init: RequestInit): Promise<Recorded> {
  const response = await fetch(url, init);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'content-length', 'connection', 'keep-alive'].includes(name)));
  return { status: response.status, body: await response.text(), headers };
}

type Round = { scenario: string; server: string; load: number; result: Full };

async function crowdOn(store: Store): Promise<Round[]> {
  const port = await freePort();
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.invalid' };
  await fill(store.url, new Date());
  const fn = startDeno({ ...denoEnv({ FUNCTIONS_PORT: String(port), NEWS_ALLOW_LOOPBACK: '1' }, { databaseUrl: store.url, poolSize: store.poolSize, vapid }) });
  const rounds: Round[] = [];
  try {
    await waitForLine(fn, /listening on/);
    const base = `http://127.0.0.1:${port}/functions/v1`;
    const ids = Array.from({ length: FOLLOWED }, (_, i) => `b${(i * 700).toString(36)}`).join(',');
    const endpoint = `https://127.0.0.1:9/push/${'x'.repeat(150)}`;
    const keys = { p256dh: webpush.generateVAPIDKeys().publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscription: { endpoint, expirationTime: null, keys }, ids: ids.split(',').slice(0, 10) }) };
    const scenarios: [string, string, { method?: string; headers?: Record<string, string>; body?: string }][] = [
      [`?follow= (${FOLLOWED} ids)`, `${base}/fetch-news?follow=${ids}`, {}],
      ['follow-news POST, one address (a flood: 429 after 20)', `${base}/follow-news`, post],
    ];
    for (const [scenario, url, init] of scenarios) {
      const recorded = await record(url, init);
      const plain = await plainServer(recorded);
      try {
        for (const [server, target] of [['function', url], ['plain Node server', `${plain.origin}/`]] as const) {
          await autocannon({ url: target, connections: CONNECTIONS, duration: WARM_UP_S, ...init });
          const load = os.loadavg()[0] ?? 0;
          const result = (await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION_S, ...init })) as Full;
          rounds.push({ scenario, server, load, result });
          console.error(`${store.name}: ${scenario}, ${server}: ${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms, errors ${result.errors}`);
        }
      } finally {
        plain.stop();
      }
    }
    return rounds;
  } finally {
    await stopDeno(fn);
  }
}

/** /proc figures of a process: CPU seconds so far, resident and peak resident MB. */
function proc(pid: number): { cpuS: number; rssMb: number; peakMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { cpuS: (Number(stat[11]) + Number(stat[12])) / 100, rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

type Fanout = { subscribers: number; ms: number; pushed: number; accepted: number; refused: number; cpuS: number; rssBeforeMb: number; peakMb: number; load: number; fillMs: number };

/** One ingest that adds a report to the story 10,000 subscriptions follow: its time, and the function's CPU and memory. */
async function fanoutOn(store: Store, subscribers: number): Promise<Fanout> {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.invalid' };
  const service = await startPushService(vapid, { record: false });
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-fanout-'));
  let gamma = '';
  const feeds = createServer((request, response) => {
    const [outlet, item] = request.url === '/beta.xml' ? ['beta', `<item><title>${TITLES[0]}</title><link>https://beta.example/1</link><pubDate>${new Date(Date.now() - 2 * 3_600_000).toUTCString()}</pubDate></item>`] : ['gamma', gamma];
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>${outlet}</title><link>https://${outlet}.example/</link>${item}</channel></rss>`);
  });
  await new Promise<void>((done) => feeds.listen(0, '127.0.0.1', done));
  const feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify(['beta', 'gamma'].map((name) => ({ name, url: `${feedOrigin}/${name}.xml`, category: 'World' }))));
  writeFileSync(join(dir, 'ca.pem'), service.ca);
  // Every subscription follows Beta's report before the function starts (the embedded store serves one connection at a time).
  const followed = storyId('beta', 'https://beta.example/1');
  const filled = Date.now();
  const sql = connectStore(store.url, 1);
  try {
    await sql`truncate stories, sources, story_tombstones, push_subscriptions, push_follows, follow_calls`;
    for (let start = 0; start < subscribers; start += 1_000) {
      const browsers = Array.from({ length: Math.min(1_000, subscribers - start) }, (_, i) => service.browser(`s${start + i}`).subscription);
      await sql`insert into push_subscriptions (endpoint, p256dh, auth, last_seen_at)
        select x.endpoint, x.p256dh, x.auth, now() from unnest(${browsers.map((b) => b.endpoint)}::text[], ${browsers.map((b) => b.keys.p256dh)}::text[], ${browsers.map((b) => b.keys.auth)}::text[]) as x(endpoint, p256dh, auth)`;
      await sql`insert into push_follows (endpoint, story_id, known_reports) select endpoint, ${followed}, 1 from unnest(${browsers.map((b) => b.endpoint)}::text[]) as x(endpoint)`;
    }
    await sql`analyze push_subscriptions`;
    await sql`analyze push_follows`;
  } finally {
    await sql.end();
  }
  const fillMs = Date.now() - filled;
  const port = await freePort();
  const env = { ...denoEnv({ FUNCTIONS_PORT: String(port), NEWS_ALLOW_LOOPBACK: '1', NEWS_SOURCES_FILE: sourcesFile }, { databaseUrl: store.url, poolSize: store.poolSize, ingestSecret: SECRET, vapid }), DENO_CERT: join(dir, 'ca.pem') };
  const fn = startDeno(env, sourcesFile);
  const ingestAll = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/functions/v1/ingest-news?all=1`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` }, signal: AbortSignal.timeout(600_000) });
    return (await response.json()) as { pushed: number; stories: number };
  };
  try {
    await waitForLine(fn, /listening on/);
    const first = await ingestAll();
    if (first.stories !== 1 || first.pushed !== 0) throw new Error(`the first ingest should store Beta's report and push nothing: ${JSON.stringify(first)}`);
    gamma = `<item><title>${TITLES[1]}</title><link>https://gamma.example/1</link><pubDate>${new Date(Date.now() - 3 * 3_600_000).toUTCString()}</pubDate></item>`;
    const before = proc(fn.pid ?? 0);
    const load = os.loadavg()[0] ?? 0;
    const started = Date.now();
    const report = await ingestAll();
    const ms = Date.now() - started;
    const after = proc(fn.pid ?? 0);
    console.error(`${store.name}: fan-out to ${subscribers}: ${report.pushed} pushed in ${ms} ms; the service accepted ${service.tally.accepted}, refused ${service.tally.refused}`);
    return { subscribers, ms, pushed: report.pushed, accepted: service.tally.accepted, refused: service.tally.refused, cpuS: after.cpuS - before.cpuS, rssBeforeMb: before.rssMb, peakMb: after.peakMb, load, fillMs };
  } finally {
    await stopDeno(fn);
    feeds.close();
    await service.close();
  }
}

function section(runs: { store: Store; rounds: Round[]; fanouts: Fanout[] }[]): string {
  const parts = runs.map(({ store, rounds, fanouts }) => `### On ${store.name}

| round | server | answers/s | p50 | p99 | errors, timeouts | 2xx | 4xx | load (1 min) |
|---|---|---|---|---|---|---|---|---|
${rounds.map(({ scenario, server, load, result: r }) => `| ${scenario} | ${server} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.errors}, ${r.timeouts} | ${r['2xx']} | ${r['4xx']} | ${load.toFixed(1)} |`).join('\n')}

One ingest that adds a report to the story every subscription follows:

| subscriptions | ingest time | all sent within ${INGEST_INTERVAL_S} s | pushes sent | stand-in accepted / refused | function CPU | CPU per push | RSS before | peak RSS | load (1 min) |
|---|---|---|---|---|---|---|---|---|---|
${fanouts.map((f) => `| ${f.subscribers.toLocaleString('en')} | ${(f.ms / 1000).toFixed(1)} s | ${f.ms <= INGEST_INTERVAL_S * 1000 && f.pushed === f.subscribers ? 'yes' : 'NO'} | ${f.pushed.toLocaleString('en')} | ${f.accepted.toLocaleString('en')} / ${f.refused} | ${f.cpuS.toFixed(1)} s | ${((f.cpuS * 1000) / Math.max(1, f.pushed)).toFixed(2)} ms | ${f.rssBeforeMb.toFixed(0)} MB | ${f.peakMb.toFixed(0)} MB | ${f.load.toFixed(1)} |`).join('\n')}`);
  return `## Following: follow-news, \`?follow=\` and the push fan-out

In a loopback-only network namespace, on Deno (\`serve-local.ts\`): autocannon keeps ${CONNECTIONS} connections busy for ${DURATION_S} s per round after ${WARM_UP_S} s unmeasured,
beside a plain Node server in its own process sending the function's first answer (status, headers, bytes). \`?follow=\` asks for ${FOLLOWED} ids of the
crowd's 36,000 stories. follow-news's calls all come from one address, so all but the first 20 in each minute are refused (429 rate_limited, counted in the
store; the warm-up has used the 20): the round measures what a flood gets, against a plain server's 204.

Then the fan-out, in a fresh function process per size: every subscription stored and following one story, one ingest that adds a second
outlet's report to it, timed from the call to ingest-news to its answer. The stand-in push service (tests/function/helpers/push-service.ts) runs in the
benchmark's process on the same cores, checks every VAPID signature and decrypts every payload with that subscription's keys. CPU and memory are the
function's process (/proc: user + system time during the ingest; VmRSS before it, VmHWM after it). The fan-out reads 500 subscriptions at a time and keeps
50 pushes in flight, so its peak memory should not grow with the number of subscriptions.

${parts.join('\n\n')}
`;
}

/** Inside the namespace (`--follow-child`): the section, on stdout. */
export async function followChild(): Promise<void> {
  const interfaces = Object.keys(os.networkInterfaces());
  if (interfaces.some((name) => name !== 'lo')) throw new Error(`the bench runs only in a loopback-only network namespace; interfaces here: ${interfaces.join(', ')}`);
  const runs = [];
  for (const start of [embeddedStore, postgresStore]) {
    const store = await start();
    try {
      const rounds = await crowdOn(store);
      const fanouts = [];
      for (const size of FANOUTS) fanouts.push(await fanoutOn(store, size));
      runs.push({ store, rounds, fanouts });
    } finally {
      store.stop();
    }
  }
  process.stdout.write(section(runs));
  process.exit(0);
}
