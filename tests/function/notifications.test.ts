// Notifications end to end on Deno, started the way `npm run functions` starts them: development VAPID
// keys made once beside the store, a browser subscribed through follow-news, and an ingest (`npm run ingest`)
// that adds a report to its followed story, after which the scheduled calls push once, within seconds, to a
// stand-in push service on loopback (https, trusted through DENO_CERT), which checks the VAPID signature and
// decrypts the payload with the browser's keys.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { freePort, INGEST_DONE, runScript, type RunningScript, waitForOutput } from './helpers/function-process.ts';
import { type PushService, startPushService } from './helpers/push-service.ts';

const TITLES = ['Harbour bridge closes after storm damages main cables', 'Storm damages main cables, harbour bridge closes'];
const HOUR = 3_600_000;
let feeds: FeedServer;
let service: PushService;
let fn: RunningScript;
let base = '';
let dir = '';
/** The application's key as the push service knows it: filled once follow-news has given it. */
const expected = { publicKey: '', subject: '' };
const gammaItems: string[] = [];

const rss = (outlet: string, items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${outlet}</title><link>https://${outlet}.example/</link>${items.join('')}</channel></rss>`;
const item = (outlet: string, title: string, hoursAgo: number) =>
  `<item><title>${title}</title><link>https://${outlet}.example/${hoursAgo}</link><pubDate>${new Date(Date.now() - hoursAgo * HOUR).toUTCString()}</pubDate></item>`;

/** `npm run ingest` against the running functions: its summary line. */
async function ingestAll(): Promise<string> {
  const run = runScript('ingest.mjs', { NEWS_STORE_DIR: join(dir, 'store') });
  expect(await run.exited).toBe(0);
  return run.output();
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeAll(async () => {
  service = await startPushService(expected);
  feeds = await startFeedServer();
  const beta = rss('beta', [item('beta', TITLES[0] as string, 2)]);
  feeds.route('/beta.xml', (_request, response) => void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(beta));
  feeds.route('/gamma.xml', (_request, response) => void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss('gamma', gammaItems)));
  dir = mkdtempSync(join(tmpdir(), 'notifications-e2e-'));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify([{ name: 'Beta', url: feeds.url('/beta.xml'), category: 'World' }, { name: 'Gamma', url: feeds.url('/gamma.xml'), category: 'World' }]));
  const caFile = join(dir, 'push-ca.pem');
  writeFileSync(caFile, service.ca);
  const port = await freePort();
  base = `http://127.0.0.1:${port}/functions/v1`;
  fn = runScript('functions.mjs', {
    FUNCTIONS_PORT: String(port),
    NEWS_SOURCES_FILE: sourcesFile,
    NEWS_ALLOW_LOOPBACK: '1',
    NEWS_STORE_DIR: join(dir, 'store'),
    DENO_CERT: caFile,
    VAPID_PUBLIC_KEY: '',
  });
  await waitForOutput(fn, 'notifications: on', 120_000);
  await waitForOutput(fn, INGEST_DONE, 60_000);
}, 200_000);

afterAll(async () => {
  await fn?.stop();
  await feeds?.close();
  await service?.close();
});

describe('notifications on Deno (npm run functions)', () => {
  it('makes development VAPID keys once, beside the store, and gives the public one to the page', async () => {
    const keys = JSON.parse(readFileSync(join(dir, 'vapid.json'), 'utf8')) as { publicKey: string; subject: string };
    const response = await fetch(`${base}/follow-news`, { headers: { apikey: 'local-anon-key', authorization: 'Bearer local-anon-key' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ public_key: keys.publicKey });
    Object.assign(expected, { publicKey: keys.publicKey, subject: keys.subject });
  });

  it('pushes once, signed and encrypted, within seconds of an ingest that adds a report to the followed story, and not after one that adds none', async () => {
    const answer = (await (await fetch(`${base}/fetch-news`)).json()) as NewsAnswer;
    const followed = answer.stories.find((story) => story.title === TITLES[0]);
    expect(followed).toBeDefined();
    const browser = service.browser('ann');
    const subscribed = await fetch(`${base}/follow-news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'local-anon-key', authorization: 'Bearer local-anon-key' },
      body: JSON.stringify({ subscription: browser.subscription, ids: [followed?.id] }),
    });
    expect(subscribed.status).toBe(204);

    gammaItems.push(item('gamma', TITLES[1] as string, 3));
    const ingested = Date.now();
    expect(await ingestAll()).toMatch(/^ingest: 2 fetched, 0 not modified, 0 failed; /m);
    await until(() => service.deliveries.length > 0, 15_000);
    expect(Date.now() - ingested).toBeLessThan(15_000);
    // Named by the report that leads its group now: Gamma's, three hours old, before the followed one.
    const [leader] = ((await (await fetch(`${base}/fetch-news?follow=${followed?.id}`)).json()) as NewsAnswer).stories;
    expect(leader?.title).toBe(TITLES[1]);
    expect(service.deliveries).toEqual([{ name: 'ann', payload: { title: `New reports: ${TITLES[1]}`, body: '1 new report', stories: [leader?.id] } }]);

    await ingestAll();
    await new Promise((resolve) => setTimeout(resolve, 12_000)); // a tick of the schedule, and then some
    expect(service.requests).toEqual(['ann']);
  }, 60_000);
});
