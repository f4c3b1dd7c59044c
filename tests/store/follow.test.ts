// Following a story (docs/product.md#follow-news): fetch-news's `?follow=` after the group's
// leader changed, follow-news's answers to good and bad input and its limits, and the pushes the
// scheduled calls send after an ingest, received by a stand-in push service on loopback that checks
// each VAPID signature and decrypts each payload with the test browser's keys.
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { createFollowNews, MAX_BODY_BYTES } from '../../supabase/functions/_shared/http/follow-news.ts';
import { clientAddress } from '../../supabase/functions/_shared/http/runtime.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { runStep } from '../../supabase/functions/_shared/work/step.ts';
import { addReports, NO_PUSH, type PushReport } from '../../supabase/functions/_shared/work/queue.ts';
import type { Connector } from '../../supabase/functions/_shared/net/guard.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, type Vapid } from '../../supabase/functions/_shared/push/config.ts';
import type { Sql } from '../../supabase/functions/_shared/store/db.ts';
import { DEFAULT_PUSH_LIMITS, type PushConfig } from '../../supabase/functions/_shared/push/send.ts';
import type { FollowedStory, NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { type Browser, type PushService, startPushService } from '../function/helpers/push-service.ts';
import { connectStore } from '../../scripts/lib/store.mjs';
import { ingestGrouped, openTestStore, type TestStore, underPolicy } from './helpers.ts';

const NOW = new Date('2026-12-10T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FN = 'http://127.0.0.1:54321/functions/v1';
const keys = webpush.generateVAPIDKeys();
const VAPID: Vapid = { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:newsroom@example.org' };

let store: TestStore;
let feeds: FeedServer;
let service: PushService;
let clock = NOW.getTime();
/** What each outlet's feed lists now: its items as [title, hours before NOW]. */
const listed = new Map<string, [string, number][]>();

const HARBOUR = {
  beta: 'Harbour bridge closes after storm damages main cables',
  gamma: 'Storm damages main cables, harbour bridge closes',
  delta: 'Harbour bridge closes as storm damages main cables',
};

function rss(outlet: string): string {
  const items = (listed.get(outlet) ?? []).map(
    ([title, hoursAgo], i) =>
      `<item><title>${title}</title><link>https://${outlet}.example/${i}</link><guid isPermaLink="false">${outlet}-${title}</guid><pubDate>${new Date(NOW.getTime() - hoursAgo * HOUR).toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${outlet}</title><link>https://${outlet}.example/</link>${items.join('')}</channel></rss>`;
}

const OUTLETS = ['beta', 'gamma', 'delta'];
const sources = (): Source[] => OUTLETS.map((outlet) => ({ name: outlet[0]?.toUpperCase() + outlet.slice(1), url: feeds.url(`/${outlet}.xml`), category: 'World' }));

const pushConfig: PushConfig = { vapid: VAPID, hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback: true, ...DEFAULT_PUSH_LIMITS };
const ingestDeps = (connect: Connector = service.connect) => ({ now: () => new Date(clock), config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true, timeoutMs: 3_000, deadlineMs: 3_000 }, connect });

function runIngest() {
  return ingestGrouped(store.sql, sources(), ingestDeps(), { all: true });
}

/** One scheduled call of ingest-news, on its own pool if given, its pushes through `connect` if given. */
const scheduledCall = (sql: Sql = store.sql, connect?: Connector) => runStep(sql, sources(), { ingest: ingestDeps(connect), push: pushConfig });

/** The scheduled calls after an ingest, as many as there is work due now: what they pushed. */
async function scheduledCalls(): Promise<PushReport> {
  let report = NO_PUSH;
  for (;;) {
    const step = await scheduledCall();
    const { sent, gone, retrying, dropped } = step.push;
    if (!step.regrouped && step.queued + sent + gone + retrying + dropped === 0) return report;
    report = addReports(report, step.push);
  }
}

const idOf = async (outlet: string, title: string): Promise<string> => {
  const [row] = await store.sql<{ id: string }[]>`select id from stories where source = ${outlet[0]?.toUpperCase() + outlet.slice(1)} and title = ${title}`;
  if (!row) throw new Error(`no stored story "${title}" from ${outlet}`);
  return row.id;
};

function followNews(options: { vapid?: Vapid; allowLoopback?: boolean } = {}) {
  const [vapid, allowLoopback] = ['vapid' in options ? options.vapid : VAPID, options.allowLoopback ?? true];
  const handler = createFollowNews({ sql: store.sql, vapid, hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback, now: () => new Date(clock) });
  return (method: string, body?: unknown, address = '203.0.113.7', raw?: string) =>
    handler(new Request(`${FN}/follow-news`, { method, ...(body === undefined && raw === undefined ? {} : { body: raw ?? JSON.stringify(body), headers: { 'content-type': 'application/json' } }) }), address);
}

async function errorOf(response: Response): Promise<[number, string]> {
  return [response.status, ((await response.json()) as { error: string }).error];
}

const stored = async () => (await store.sql<{ n: string }[]>`select count(*)::text as n from push_subscriptions`)[0]?.n;
const followedBy = async (endpoint: string) => (await store.sql<{ story_id: string }[]>`select story_id from push_follows where endpoint = ${endpoint} order by story_id`).map((row) => row.story_id);

async function follow(ids: string[]): Promise<FollowedStory[]> {
  const handler = createHandler({ sql: store.sql, now: () => new Date(clock) });
  const response = await handler(new Request(`${FN}/fetch-news?follow=${ids.join(',')}`));
  expect(response.status).toBe(200);
  return ((await response.json()) as NewsAnswer).stories as FollowedStory[];
}

beforeAll(async () => {
  store = await openTestStore();
  feeds = await startFeedServer();
  service = await startPushService(VAPID);
  for (const outlet of OUTLETS) feeds.route(`/${outlet}.xml`, (_request, response) => void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(outlet)));
}, 120_000);
afterAll(async () => {
  await service?.close();
  await feeds?.close();
  await store?.stop();
});
beforeEach(async () => {
  await store.reset();
  clock = NOW.getTime();
  listed.clear();
  service.deliveries.length = 0;
  service.requests.length = 0;
  service.accepted.clear();
});

describe('fetch-news ?follow=', () => {
  it('answers a followed story by the report that now leads its group, once, with the whole coverage, after an earlier report came to lead it', async () => {
    listed.set('beta', [[HARBOUR.beta, 2], ['Local council approves new library opening hours downtown', 3]]);
    await runIngest();
    const beta = await idOf('beta', HARBOUR.beta);
    const [alone] = await follow([beta]);
    expect(alone).toMatchObject({ id: beta, title: HARBOUR.beta, follows: [beta], reports: 1 });
    expect(alone?.related).toBeUndefined();

    // Gamma reported it an hour before Beta: its report now leads the group; Delta's came after.
    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    listed.set('delta', [[HARBOUR.delta, 1]]);
    clock += 5 * 60_000;
    await runIngest();
    const [gamma, delta] = [await idOf('gamma', HARBOUR.gamma), await idOf('delta', HARBOUR.delta)];
    const stories = await follow([beta, delta, 'gone-story-1']);
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ id: gamma, title: HARBOUR.gamma, source: 'Gamma', follows: [beta, delta].sort(), reports: 3 });
    expect(stories[0]?.related?.map((link) => link.source)).toEqual(['Beta', 'Delta']);
  });

  it('answers each group once, newest leader first, and nothing for ids the store does not have', async () => {
    listed.set('beta', [[HARBOUR.beta, 2], ['Local council approves new library opening hours downtown', 1]]);
    await runIngest();
    const [harbour, library] = [await idOf('beta', HARBOUR.beta), await idOf('beta', 'Local council approves new library opening hours downtown')];
    expect((await follow([harbour, library, 'sample-1'])).map((story) => [story.id, story.follows, story.reports])).toEqual([
      [library, [library], 1],
      [harbour, [harbour], 1],
    ]);
    expect(await follow(['sample-1'])).toEqual([]);
  });

  it.each([
    ['', 'invalid_ids'],
    ['a,b c', 'invalid_ids'],
    [Array.from({ length: 51 }, (_, i) => `id${i}`).join(','), 'too_many_ids'],
  ])('refuses ?follow=%s with 400 %s', async (value, code) => {
    const handler = createHandler({ sql: store.sql, now: () => new Date(clock) });
    expect(await errorOf(await handler(new Request(`${FN}/fetch-news?follow=${value}`)))).toEqual([400, code]);
  });

  it('tags its answers with the answers\' version, so a deploy that changes their shape is never answered 304 for an old one', async () => {
    listed.set('beta', [[HARBOUR.beta, 2]]);
    await runIngest();
    const handler = createHandler({ sql: store.sql, now: () => new Date(clock) });
    const response = await handler(new Request(`${FN}/fetch-news?follow=${await idOf('beta', HARBOUR.beta)}`));
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"v2-\d+-[0-9a-z]+"$/);
    const old = etag.replace('"v2-', '"');
    expect((await handler(new Request(`${FN}/fetch-news`, { headers: { 'if-none-match': old } }))).status).toBe(200);
  });
});

describe('follow-news', () => {
  const ids = ['a00001', 'a00002'];
  let browser: Browser;
  beforeEach(() => {
    browser = service.browser('alice');
  });

  it('gives the VAPID public key, or 503 push_unconfigured without one', async () => {
    const response = await followNews()('GET');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ public_key: VAPID.publicKey });
    expect(await errorOf(await followNews({ vapid: undefined })('GET'))).toEqual([503, 'push_unconfigured']);
    expect(await errorOf(await followNews({ vapid: undefined })('POST', { subscription: browser.subscription, ids }))).toEqual([503, 'push_unconfigured']);
  });

  it('answers the preflight for the methods the page uses', async () => {
    const response = await followNews()('OPTIONS');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('stores a subscription with its follows, replaces them on the next call, and forgets it on DELETE', async () => {
    const call = followNews();
    expect((await call('POST', { subscription: browser.subscription, ids })).status).toBe(204);
    expect(await followedBy(browser.subscription.endpoint)).toEqual(ids);
    expect((await call('POST', { subscription: browser.subscription, ids: ['a00003'] })).status).toBe(204);
    expect(await followedBy(browser.subscription.endpoint)).toEqual(['a00003']);
    expect((await call('DELETE', { endpoint: browser.subscription.endpoint })).status).toBe(204);
    expect(await stored()).toBe('0');
    expect(await followedBy(browser.subscription.endpoint)).toEqual([]);
    expect((await call('DELETE', { endpoint: browser.subscription.endpoint })).status).toBe(204);
  });

  const bad: [string, (sub: Browser['subscription']) => unknown, number, string][] = [
    ['a body that is not JSON', () => '{"subscription":', 400, 'invalid_json'],
    ['a JSON array', () => [], 400, 'invalid_body'],
    ['no subscription', () => ({ ids }), 400, 'invalid_body'],
    ['an unknown field', (sub) => ({ subscription: sub, ids, extra: 1 }), 400, 'invalid_body'],
    ['51 ids', (sub) => ({ subscription: sub, ids: Array.from({ length: 51 }, (_, i) => `id${i}`) }), 400, 'too_many_ids'],
    ['no ids', (sub) => ({ subscription: sub, ids: [] }), 400, 'invalid_ids'],
    ['an id of the wrong shape', (sub) => ({ subscription: sub, ids: ['a00001', 'not an id!'] }), 400, 'invalid_ids'],
    ['an id that is a number', (sub) => ({ subscription: sub, ids: [1] }), 400, 'invalid_ids'],
    ['an http endpoint', (sub) => ({ subscription: { ...sub, endpoint: sub.endpoint.replace('https:', 'http:') }, ids }), 400, 'invalid_endpoint'],
    ['a private address', (sub) => ({ subscription: { ...sub, endpoint: 'https://10.0.0.7/push/x' }, ids }), 400, 'invalid_endpoint'],
    ['the metadata address', (sub) => ({ subscription: { ...sub, endpoint: 'https://169.254.169.254/latest' }, ids }), 400, 'invalid_endpoint'],
    ['a host that is no push service', (sub) => ({ subscription: { ...sub, endpoint: 'https://fcm.googleapis.com.evil.example/send/x' }, ids }), 400, 'invalid_endpoint'],
    ['credentials in the endpoint', (sub) => ({ subscription: { ...sub, endpoint: 'https://user:pw@fcm.googleapis.com/send/x' }, ids }), 400, 'invalid_endpoint'],
    ['no keys', (sub) => ({ subscription: { endpoint: sub.endpoint }, ids }), 400, 'invalid_keys'],
    ['a p256dh that is no P-256 key', (sub) => ({ subscription: { ...sub, keys: { ...sub.keys, p256dh: 'AAAA' } }, ids }), 400, 'invalid_keys'],
    ['an auth secret of 8 bytes', (sub) => ({ subscription: { ...sub, keys: { ...sub.keys, auth: 'AAAAAAAAAAA' } }, ids }), 400, 'invalid_keys'],
  ];

  it.each(bad)('refuses %s with %i %s and stores nothing', async (_name, body, status, code) => {
    const value = body(browser.subscription);
    const response = typeof value === 'string' ? await followNews()('POST', undefined, undefined, value) : await followNews()('POST', value);
    expect(await errorOf(response)).toEqual([status, code]);
    expect(await stored()).toBe('0');
  });

  it('refuses a body over 8 KB with 413 body_too_large, and stores nothing', async () => {
    const padded = { subscription: browser.subscription, ids: Array.from({ length: 50 }, (_, i) => `${'x'.repeat(160)}${i}`) };
    expect(MAX_BODY_BYTES).toBe(8_192);
    expect(JSON.stringify(padded).length).toBeGreaterThan(MAX_BODY_BYTES);
    expect(await errorOf(await followNews()('POST', padded))).toEqual([413, 'body_too_large']);
    expect(await stored()).toBe('0');
  });

  it('refuses a loopback endpoint unless NEWS_ALLOW_LOOPBACK=1', async () => {
    expect(await errorOf(await followNews({ allowLoopback: false })('POST', { subscription: browser.subscription, ids }))).toEqual([400, 'invalid_endpoint']);
    expect(await stored()).toBe('0');
  });

  it('refuses a flood from one address with 429 rate_limited and a Retry-After, counted in the store, not another address', async () => {
    // Two handlers: two instances of the function share the count.
    const [first, second] = [followNews(), followNews()];
    for (let i = 0; i < 20; i++) expect((await (i % 2 ? first : second)('POST', { subscription: browser.subscription, ids })).status).toBe(204);
    const refused = await first('POST', { subscription: browser.subscription, ids: ['a00009'] });
    expect(await errorOf(refused)).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await followedBy(browser.subscription.endpoint)).toEqual(ids);
    expect((await second('POST', { subscription: browser.subscription, ids }, '198.51.100.1')).status).toBe(204);
    clock += 60_000;
    expect((await first('POST', { subscription: browser.subscription, ids: ['a00009'] })).status).toBe(204);
    // The store keeps a keyed hash of each address, never the address.
    const hashes = (await store.sql<{ address_hash: string }[]>`select distinct address_hash from address_windows`).map((row) => row.address_hash);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets one address add 20 subscriptions a day: the 21st is 429 too_many_subscriptions until the day is over, while those it has keep changing', async () => {
    const call = followNews();
    const browsers = Array.from({ length: 21 }, (_, i) => service.browser(`day-${i}`));
    for (const [i, each] of browsers.slice(0, 20).entries()) {
      expect((await call('POST', { subscription: each.subscription, ids })).status).toBe(204);
      if (i % 10 === 9) clock += 60_000; // within the calls' limit of 20 a minute
    }
    clock += 60_000;
    const refused = await call('POST', { subscription: browsers[20]!.subscription, ids });
    expect(await errorOf(refused)).toEqual([429, 'too_many_subscriptions']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
    expect(await stored()).toBe('20');
    // A browser already stored changes what it follows as before; another address adds its own.
    expect((await call('POST', { subscription: browsers[0]!.subscription, ids: ['a00003'] })).status).toBe(204);
    expect((await call('POST', { subscription: browsers[20]!.subscription, ids }, '198.51.100.1')).status).toBe(204);
    clock += 24 * 3_600_000;
    expect((await call('POST', { subscription: service.browser('next-day').subscription, ids })).status).toBe(204);
  });

  it('refuses a new subscription with 503 subscriptions_full once the store holds 200,000, and still takes changes from those it holds', async () => {
    await store.sql`
      insert into push_subscriptions (endpoint, p256dh, auth, last_seen_at)
      select 'https://fcm.googleapis.com/fcm/send/' || n, ${browser.subscription.keys.p256dh}, ${browser.subscription.keys.auth}, ${new Date(clock)}
      from generate_series(1, 199999) as n`;
    const call = followNews();
    expect((await call('POST', { subscription: browser.subscription, ids })).status).toBe(204);
    const full = await call('POST', { subscription: service.browser('late').subscription, ids });
    expect(await errorOf(full)).toEqual([503, 'subscriptions_full']);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toBe('200000');
    expect((await call('POST', { subscription: browser.subscription, ids: ['a00003'] })).status).toBe(204);
    expect(await followedBy(browser.subscription.endpoint)).toEqual(['a00003']);
  });

  it('refuses a client that forges X-Forwarded-For on each call after 20 calls from its connection, behind a proxy that appends', async () => {
    // What reaches the function behind a proxy that appends the address it saw, as Supabase's is reported to do
    // (docs/deploy.md#the-client-address): the client's own X-Forwarded-For, then its real address.
    const handler = createFollowNews({ sql: store.sql, vapid: VAPID, hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback: true, now: () => new Date(clock) });
    const gateway = createServer((request, response) => {
      const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
      const headers = new Headers({ 'x-forwarded-for': forwarded, 'content-type': 'application/json' });
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const answer = await handler(new Request(`${FN}/follow-news`, { method: 'POST', headers, body: Buffer.concat(chunks) }), clientAddress(headers, '10.0.0.1', { kind: 'forwarded', hops: 1 }));
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      });
    });
    await new Promise<void>((listening) => gateway.listen(0, '127.0.0.1', listening));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = gateway.address() as AddressInfo;
    const post = (forged: string) =>
      new Promise<number>((answered, failed) => {
        const body = JSON.stringify({ subscription: browser.subscription, ids });
        const outgoing = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', agent, headers: { 'x-forwarded-for': forged, 'content-type': 'application/json' } }, (incoming) => {
          incoming.resume().on('end', () => answered(incoming.statusCode ?? 0));
        });
        outgoing.on('error', failed);
        outgoing.end(body);
      });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push(await post(`203.0.113.${i}, 198.51.100.${i}`));
      expect(statuses).toEqual([...Array<number>(20).fill(204), ...Array<number>(5).fill(429)]);
    } finally {
      agent.destroy();
      await new Promise((closed) => gateway.close(closed));
    }
  });
});

describe('pushes after an ingest', () => {
  async function subscribe(name: string, ids: string[]): Promise<Browser> {
    const browser = service.browser(name);
    expect((await followNews()('POST', { subscription: browser.subscription, ids }, `192.0.2.${name.length}`)).status).toBe(204);
    return browser;
  }

  async function harbourFollowed(): Promise<string> {
    listed.set('beta', [[HARBOUR.beta, 2], ['Local council approves new library opening hours downtown', 1]]);
    await runIngest();
    await scheduledCalls();
    return idOf('beta', HARBOUR.beta);
  }

  it('sends exactly one push per subscription whose followed group gained a report, signed and encrypted, and none to others', async () => {
    const beta = await harbourFollowed();
    const library = await idOf('beta', 'Local council approves new library opening hours downtown');
    await subscribe('ann', [beta]);
    await subscribe('bob', [beta, library]);
    await subscribe('cyd', [library]);
    expect(service.requests).toEqual([]);

    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    clock += 5 * 60_000;
    await runIngest();
    // The ingest queues nothing itself: the scheduled calls that follow tell the followers.
    expect(service.requests).toEqual([]);
    expect(await scheduledCalls()).toEqual({ sent: 2, gone: 0, retrying: 0, dropped: 0 });
    expect(service.deliveries.map((d) => d.refused)).toEqual([undefined, undefined]);
    // The push names the story its group is led by now, whose page a click opens.
    const gamma = await idOf('gamma', HARBOUR.gamma);
    expect([...service.deliveries].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'ann', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '1 new report', stories: [gamma] } },
      { name: 'bob', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '1 new report', stories: [gamma] } },
    ]);

    // The same feeds again: stories rewritten, no group grew, nothing sent.
    clock += 5 * 60_000;
    await runIngest();
    expect((await scheduledCalls()).sent).toBe(0);
    expect(service.requests).toHaveLength(2);
  });

  it('tells of several stories in one push', async () => {
    const beta = await harbourFollowed();
    listed.set('gamma', [['Local council approves new library opening hours for weekends', 1]]);
    await runIngest();
    const library = await idOf('beta', 'Local council approves new library opening hours downtown');
    await subscribe('ann', [beta, library]);
    listed.set('gamma', [['Local council approves new library opening hours for weekends', 1], [HARBOUR.gamma, 3]]);
    listed.set('delta', [[HARBOUR.delta, 1], ['Council approves library opening hours downtown for new term', 0.5]]);
    clock += 5 * 60_000;
    await runIngest();
    await scheduledCalls();
    // Both stories named by the reports that lead their groups now (a click opens the Following view).
    const leaders = (await follow([beta, library])).map((story) => story.id);
    expect(leaders).toHaveLength(2);
    expect(service.deliveries).toEqual([
      { name: 'ann', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '3 new reports on 2 stories you follow', stories: expect.arrayContaining(leaders) } },
    ]);
    expect((service.deliveries[0]?.payload as { stories: unknown[] }).stories).toHaveLength(2);
  });

  it('forgets a subscription the push service says is gone (410), and tries a 429 again 30 s later', async () => {
    const beta = await harbourFollowed();
    const [ann, bob] = [await subscribe('ann', [beta]), await subscribe('bob', [beta])];
    service.answer('ann', 410);
    service.answer('bob', 429);
    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    clock += 5 * 60_000;
    await runIngest();
    expect(await scheduledCalls()).toEqual({ sent: 0, gone: 1, retrying: 1, dropped: 0 });
    expect(await followedBy(ann.subscription.endpoint)).toEqual([]);
    expect(await followedBy(bob.subscription.endpoint)).toEqual([beta]);
    clock += 29_000;
    expect(await scheduledCalls()).toEqual(NO_PUSH);
    clock += 1_000;
    expect(await scheduledCalls()).toEqual({ sent: 1, gone: 0, retrying: 0, dropped: 0 });
    expect(service.requests.sort()).toEqual(['ann', 'bob', 'bob']);
    expect(service.deliveries).toEqual([{ name: 'bob', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '1 new report', stories: [await idOf('gamma', HARBOUR.gamma)] } }]);
  });

  it('forgets a subscription 30 days after the page last sent it, its queued pushes with it', async () => {
    const beta = await harbourFollowed();
    const ann = await subscribe('ann', [beta]);
    service.answer('ann', 503, 503, 503);
    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    clock += 5 * 60_000;
    await runIngest();
    expect((await scheduledCalls()).retrying).toBe(1);
    clock += 29 * DAY;
    const bob = await subscribe('bob', [beta]);
    clock += 1 * DAY + 60_000;
    await runIngest();
    expect(await followedBy(ann.subscription.endpoint)).toEqual([]);
    expect(await followedBy(bob.subscription.endpoint)).toEqual([beta]);
    expect(await store.sql`select 1 from push_queue`).toHaveLength(0);
  });
});

describe('the queue of pushes', () => {
  /** `count` browsers following the harbour story, then a report that grows its group, found by an ingest. */
  async function newsForMany(count: number): Promise<Browser[]> {
    listed.set('beta', [[HARBOUR.beta, 2]]);
    await runIngest();
    await scheduledCalls();
    const beta = await idOf('beta', HARBOUR.beta);
    const browsers: Browser[] = [];
    for (let i = 0; i < count; i++) {
      const browser = service.browser(`reader-${i}`);
      expect((await followNews()('POST', { subscription: browser.subscription, ids: [beta] }, `192.0.${i >> 8}.${i & 255}`)).status).toBe(204);
      browsers.push(browser);
    }
    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    clock += 5 * 60_000;
    await runIngest();
    return browsers;
  }

  const acceptedBy = (browsers: readonly Browser[]) => browsers.map((browser) => service.accepted.get(decodeURIComponent(browser.subscription.endpoint.split('/push/')[1] ?? '')) ?? 0);

  it('loses nothing when a call dies mid-batch: the pushes it held go 2 minutes later, a push it had sent at most once more', async () => {
    const browsers = await newsForMany(60);
    service.accepted.clear();
    // The first call's pushes after its 20th hang, and then the call dies: its connection to the store is cut.
    let through = 0;
    const dying: Connector = (request) => (++through <= 20 ? service.connect(request) : new Promise<Response>(() => {}));
    const doomed = connectStore(store.url);
    void scheduledCall(doomed, dying).catch(() => undefined);
    while ([...service.accepted.values()].reduce((a, b) => a + b, 0) < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    await doomed.end({ timeout: 0 });
    // It had taken 25: the next calls send the other 35 at once, and the 25 once its lease has run out.
    clock += 60_000;
    expect((await scheduledCalls()).sent).toBe(35);
    clock += 60_000;
    expect((await scheduledCalls()).sent).toBe(25);
    const counts = acceptedBy(browsers);
    expect(counts.filter((n) => n === 0)).toEqual([]);
    expect(counts.filter((n) => n === 2)).toHaveLength(20);
    expect(Math.max(...counts)).toBe(2);
    expect(await store.sql`select 1 from push_queue`).toHaveLength(0);
  });

  it('sends at most work_policy\'s pushes_per_call pushes a call, push_batch of them at once: 9 a call, 3 at a time', async () => {
    await newsForMany(20);
    service.accepted.clear();
    let [inFlight, most] = [0, 0];
    const counting: Connector = async (request) => {
      most = Math.max(most, ++inFlight);
      try {
        return await service.connect(request);
      } finally {
        inFlight -= 1;
      }
    };
    await underPolicy(store, { pushes_per_call: 9, push_batch: 3 }, async () => {
      const first = await scheduledCall(store.sql, counting);
      expect([first.queued, first.push.sent]).toEqual([20, 9]);
      expect((await scheduledCall(store.sql, counting)).push.sent).toBe(9);
      expect((await scheduledCall(store.sql, counting)).push.sent).toBe(2);
    });
    expect(most).toBe(3);
  });

  it('never sends the same push twice from two calls at once', async () => {
    const browsers = await newsForMany(150);
    service.accepted.clear();
    const [a, b] = [connectStore(store.url), connectStore(store.url)];
    try {
      const [one, two] = await Promise.all([scheduledCall(a), scheduledCall(b)]);
      expect(one.queued + two.queued).toBe(150);
      expect(one.push.sent + two.push.sent).toBe(150);
      expect(Math.min(one.push.sent, two.push.sent)).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    expect(acceptedBy(browsers).filter((n) => n !== 1)).toEqual([]);
  });

  it('sends a push once after a 503 with Retry-After: 120, not before the two minutes', async () => {
    const [ann] = await newsForMany(1);
    service.answer('reader-0', [503, '120']);
    service.requests.length = 0;
    expect(await scheduledCalls()).toEqual({ sent: 0, gone: 0, retrying: 1, dropped: 0 });
    clock += 119_000;
    expect(await scheduledCalls()).toEqual(NO_PUSH);
    clock += 1_000;
    expect(await scheduledCalls()).toEqual({ sent: 1, gone: 0, retrying: 0, dropped: 0 });
    expect(service.requests).toEqual(['reader-0', 'reader-0']);
    expect(acceptedBy([ann as Browser])).toEqual([1]);
    clock += 3_600_000;
    expect(await scheduledCalls()).toEqual(NO_PUSH);
  });

  it('tries a failing push again at 30 s, 1, 2, 4 ... minutes, at most an hour apart, until its day has passed, then drops it and counts it', async () => {
    await newsForMany(1);
    service.answer('reader-0', ...Array<number>(60).fill(503));
    service.requests.length = 0;
    const tries: number[] = [];
    const started = clock;
    let dropped = 0;
    while (dropped === 0 && clock - started < 2 * DAY) {
      const report = await scheduledCalls();
      if (report.retrying + report.dropped > 0) tries.push((clock - started) / 60_000);
      dropped = report.dropped;
      // On to the moment the push may be taken again, a second at a time before it to see that it is not.
      const [next] = await store.sql<{ at: Date | null }[]>`select min(visible_at) as at from push_queue`;
      if (next?.at) {
        clock = next.at.getTime() - 1_000;
        expect((await scheduledCalls()).retrying).toBe(0);
        clock += 1_000;
      }
    }
    expect(tries.slice(0, 9)).toEqual([0, 0.5, 1.5, 3.5, 7.5, 15.5, 31.5, 63.5, 123.5]);
    expect(Math.max(...tries.slice(9).map((at, i) => at - (tries[i + 8] ?? 0)))).toBe(60);
    expect(tries.at(-1)).toBeLessThan(24 * 60);
    expect(dropped).toBe(1);
    expect(service.requests).toHaveLength(tries.length);
    expect(await store.sql`select 1 from push_queue`).toHaveLength(0);
  });

  it('sends none and keeps none when notifications are off (no VAPID keys): queued pushes are dropped, counted', async () => {
    await newsForMany(3);
    const step = await runStep(store.sql, sources(), { ingest: ingestDeps(), push: undefined });
    expect(step.queued).toBe(3);
    expect(step.push).toEqual({ sent: 0, gone: 0, retrying: 0, dropped: 3 });
    expect(service.requests).toEqual([]);
  });
});

describe("alerts' pushes after an ingest (docs/product.md#alerts-for-words)", () => {
  // Names of their own: the push service keeps answers scripted for the names of the tests above.
  async function watch(name: string, alerts: string[], address = `192.0.2.${name.length}`): Promise<Browser> {
    const browser = service.browser(name);
    expect((await followNews()('POST', { subscription: browser.subscription, ids: [], alerts }, address)).status).toBe(204);
    return browser;
  }

  it('sends exactly one push per subscription for a new matching story, "Alert: {words}" with its title, naming it; none for a story that does not match or came before', async () => {
    listed.set('beta', [['Local council approves new library opening hours downtown', 4]]);
    await runIngest();
    await scheduledCalls();
    clock += 60_000;
    await watch('alert-ann', ['Harbour   BRIDGE', 'library']);
    await watch('alert-bob', ['rome']);
    await watch('alert-cyd', ['harbour', 'bridge cables']);
    clock += 60_000;
    listed.set('beta', [['Local council approves new library opening hours downtown', 4], [HARBOUR.beta, 2]]);
    await runIngest();
    expect(service.requests).toEqual([]);
    expect(await scheduledCalls()).toEqual({ sent: 2, gone: 0, retrying: 0, dropped: 0 });
    const beta = await idOf('beta', HARBOUR.beta);
    // One push each, naming the alert added first that the story matches (of two added together, the first by its words);
    // the library story was there before the alerts.
    expect([...service.deliveries].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'alert-ann', payload: { title: 'Alert: Harbour BRIDGE', body: HARBOUR.beta, stories: [beta] } },
      { name: 'alert-cyd', payload: { title: 'Alert: bridge cables', body: HARBOUR.beta, stories: [beta] } },
    ]);
    // The same feeds again, and a story no alert matches: nothing more.
    clock += 5 * 60_000;
    listed.set('gamma', [['Rover finds ice near the lunar south pole', 1]]);
    await runIngest();
    expect((await scheduledCalls()).sent).toBe(0);
  });

  it('sends a subscription at most 20 alert pushes a day: the 21st match of the day is not sent', async () => {
    await watch('alert-ann', ['storm']);
    await watch('alert-bob', ['harbour']);
    clock += 60_000;
    listed.set('beta', Array.from({ length: 25 }, (_, i): [string, number] => [`Storm ${i + 1} reaches the harbour`, 1 + i / 100]));
    await runIngest();
    expect(await scheduledCalls()).toEqual({ sent: 40, gone: 0, retrying: 0, dropped: 0 });
    const byName = (name: string) => service.deliveries.filter((delivery) => delivery.name === name);
    expect(byName('alert-ann')).toHaveLength(20);
    expect(byName('alert-bob')).toHaveLength(20);
    expect(new Set(byName('alert-ann').map((delivery) => JSON.stringify(delivery.payload))).size).toBe(20);
    // Later that day, another storm: not sent.
    clock += HOUR;
    listed.set('gamma', [['Storm 26 reaches the harbour', 0.5]]);
    await runIngest();
    expect((await scheduledCalls()).sent).toBe(0);
  });

  it('loses no alert push when a call dies mid-batch: each subscription gets it, a push the call had sent at most once more', async () => {
    const browsers: Browser[] = [];
    for (let i = 0; i < 60; i++) browsers.push(await watch(`alert-reader-${i}`, ['harbour bridge'], `192.0.${i >> 8}.${i & 255}`));
    clock += 60_000;
    listed.set('beta', [[HARBOUR.beta, 2]]);
    await runIngest();
    service.accepted.clear();
    let through = 0;
    const dying: Connector = (request) => (++through <= 20 ? service.connect(request) : new Promise<Response>(() => {}));
    const doomed = connectStore(store.url);
    void scheduledCall(doomed, dying).catch(() => undefined);
    while ([...service.accepted.values()].reduce((a, b) => a + b, 0) < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    await doomed.end({ timeout: 0 });
    clock += 3 * 60_000;
    await scheduledCalls();
    const counts = browsers.map((browser) => service.accepted.get(decodeURIComponent(browser.subscription.endpoint.split('/push/')[1] ?? '')) ?? 0);
    expect(counts.filter((n) => n === 0)).toEqual([]);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    expect(counts.filter((n) => n === 2).length).toBeLessThanOrEqual(25);
  });
});
