// The following part of `npm run bench:function` (`-- --follow` alone): follow-news and `?follow=` on Deno under 100
// connections for 10 s (autocannon) beside a plain Node server sending the same answers, then one ingest's push fan-out
// to 10,000 subscriptions on a stand-in push service (tests/function/helpers/push-service.ts: every push's VAPID signature
// checked and payload decrypted), on the embedded store and on a throwaway PostgreSQL, in a loopback-only network namespace.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { startPushService } from '../../tests/function/helpers/push-service.ts';
import { storyId } from '../../supabase/functions/_shared/stories/story-id.ts';
import { denoEnv } from '../lib/function-command.mjs';
import { connectStore } from '../lib/store.mjs';
import { freePort, waitForLine } from '../lib/vite.ts';
import { CONNECTIONS, DURATION_S, fill, loopbackChild, measure, plainServer, record, startDeno, stopDeno, WARM_UP_S } from './crowd.ts';
import type { Call, Round, Store } from './crowd.ts';

const FOLLOWED = 50;
/** Two sizes of fan-out: the function's peak memory should not grow with the number of subscriptions. */
const FANOUTS = [2_000, 10_000] as const;
const INGEST_INTERVAL_S = 300;
const SECRET = 'bench-ingest-secret-that-is-long-enough-0123456789';
const TITLES = ['Harbour bridge closes after storm damages main cables', 'Storm damages main cables, harbour bridge closes'];

async function crowdOn(store: Store): Promise<Round[]> {
  const port = await freePort();
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.invalid' };
  await fill(store.url, new Date());
  const fn = startDeno(denoEnv({ FUNCTIONS_PORT: String(port), NEWS_ALLOW_LOOPBACK: '1' }, { databaseUrl: store.url, poolSize: store.poolSize, vapid }));
  const rounds: Round[] = [];
  try {
    await waitForLine(fn, /listening on/);
    const base = `http://127.0.0.1:${port}/functions/v1`;
    const ids = Array.from({ length: FOLLOWED }, (_, i) => `b${(i * 700).toString(36)}`).join(',');
    const endpoint = `https://127.0.0.1:9/push/${'x'.repeat(150)}`;
    const keys = { p256dh: webpush.generateVAPIDKeys().publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscription: { endpoint, expirationTime: null, keys }, ids: ids.split(',').slice(0, 10) }) };
    const scenarios: [string, string, Call][] = [
      [`?follow= (${FOLLOWED} ids)`, `${base}/fetch-news?follow=${ids}`, {}],
      ['follow-news POST, one address (a flood: 429 after 20)', `${base}/follow-news`, post],
    ];
    for (const [scenario, url, request] of scenarios) {
      const plain = await plainServer({ '/': await record(url, request) });
      try {
        for (const [server, target] of [['function', url], ['plain Node server', `${plain.origin}/`]] as const) {
          await measure(rounds, store, scenario, server, target, request);
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
  const settings = { databaseUrl: store.url, poolSize: store.poolSize, ingestSecret: SECRET, vapid };
  const env = denoEnv({ FUNCTIONS_PORT: String(port), NEWS_ALLOW_LOOPBACK: '1', NEWS_SOURCES_FILE: sourcesFile }, settings);
  const fn = startDeno({ ...env, DENO_CERT: join(dir, 'ca.pem') });
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
export const followChild = () =>
  loopbackChild(async (store) => {
    const rounds = await crowdOn(store);
    const fanouts = [];
    for (const size of FANOUTS) fanouts.push(await fanoutOn(store, size));
    return { rounds, fanouts };
  }, section);
