// The following part of `npm run bench:function` (`-- --follow` alone): follow-news and `?follow=` on Deno under 100
// connections for 10 s (autocannon) beside a plain Node server sending the same answers, on the embedded store and on a
// throwaway PostgreSQL, in a loopback-only network namespace. The pushes an ingest brings are scale.ts's.
import webpush from 'web-push';
import { denoEnv } from '../lib/function-command.mjs';
import { freePort, waitForLine } from '../lib/vite.ts';
import { CONNECTIONS, DURATION_S, fill, loopbackChild, measure, plainServer, record, startDeno, stopDeno, WARM_UP_S } from './crowd.ts';
import type { Call, Round, Store } from './crowd.ts';

const FOLLOWED = 50;

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

function section(runs: { store: Store; rounds: Round[] }[]): string {
  const parts = runs.map(({ store, rounds }) => `### On ${store.name}

| round | server | answers/s | p50 | p99 | errors, timeouts | 2xx | 4xx | load (1 min) |
|---|---|---|---|---|---|---|---|---|
${rounds.map(({ scenario, server, load, result: r }) => `| ${scenario} | ${server} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.errors}, ${r.timeouts} | ${r['2xx']} | ${r['4xx']} | ${load.toFixed(1)} |`).join('\n')}`);
  return `## Following: follow-news and \`?follow=\`

In a loopback-only network namespace, on Deno (\`serve-local.ts\`): autocannon keeps ${CONNECTIONS} connections busy for ${DURATION_S} s per round after ${WARM_UP_S} s unmeasured,
beside a plain Node server in its own process sending the function's first answer (status, headers, bytes). \`?follow=\` asks for ${FOLLOWED} ids of the
crowd's 36,000 stories. follow-news's calls all come from one address, so all but the first 20 in each minute are refused (429 rate_limited, counted in the
store; the warm-up has used the 20): the round measures what a flood gets, against a plain server's 204. The pushes that follow an ingest
are measured at scale, with the platform's limits, in the next section.

${parts.join('\n\n')}
`;
}

/** Inside the namespace (`--follow-child`): the section, on stdout. */
export const followChild = () => loopbackChild(async (store) => ({ rounds: await crowdOn(store) }), section);
