// Following a story (docs/product.md#follow-news): fetch-news's `?follow=` after the group's
// leader changed, follow-news's answers to good and bad input, and the pushes an ingest sends,
// received by a stand-in push service on loopback that checks each VAPID signature and decrypts each
// payload with the test browser's keys.
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/_shared/http/fetch-news.ts';
import { CALLS_PER_WINDOW, createFollowNews, MAX_BODY_BYTES } from '../../supabase/functions/_shared/http/follow-news.ts';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { ingest } from '../../supabase/functions/_shared/ingest/ingest.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, type Vapid } from '../../supabase/functions/_shared/push/config.ts';
import { DEFAULT_PUSH_LIMITS, type PushConfig } from '../../supabase/functions/_shared/push/send.ts';
import type { FollowedStory, NewsAnswer } from '../../supabase/functions/_shared/story.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { type Browser, type PushService, startPushService } from '../function/helpers/push-service.ts';
import { openTestStore, type TestStore } from './helpers.ts';

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

const pushConfig = (overrides: Partial<PushConfig> = {}): PushConfig => ({ vapid: VAPID, hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback: true, ...DEFAULT_PUSH_LIMITS, retryWaitMaxMs: 50, ...overrides });

function runIngest(push: PushConfig | undefined = pushConfig()) {
  return ingest(store.sql, sources(), {
    now: () => new Date(clock),
    config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true, timeoutMs: 3_000, deadlineMs: 3_000 },
    connect: service.connect,
    ...(push ? { push } : {}),
  }, { all: true });
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

  it('refuses a body over 4 KB with 413 body_too_large, and stores nothing', async () => {
    const padded = { subscription: browser.subscription, ids: Array.from({ length: 50 }, (_, i) => `${'x'.repeat(80)}${i}`) };
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
    for (let i = 0; i < CALLS_PER_WINDOW; i++) expect((await (i % 2 ? first : second)('POST', { subscription: browser.subscription, ids })).status).toBe(204);
    const refused = await first('POST', { subscription: browser.subscription, ids: ['a00009'] });
    expect(await errorOf(refused)).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await followedBy(browser.subscription.endpoint)).toEqual(ids);
    expect((await second('POST', { subscription: browser.subscription, ids }, '198.51.100.1')).status).toBe(204);
    clock += 60_000;
    expect((await first('POST', { subscription: browser.subscription, ids: ['a00009'] })).status).toBe(204);
    // The store keeps a keyed hash of each address, never the address.
    const hashes = (await store.sql<{ address_hash: string }[]>`select address_hash from follow_calls`).map((row) => row.address_hash);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
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
    const report = await runIngest();
    expect(report.push).toEqual({ subscriptions: 2, sent: 2, gone: 0, failed: 0 });
    expect(service.deliveries.map((d) => d.refused)).toEqual([undefined, undefined]);
    expect([...service.deliveries].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'ann', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '1 new report' } },
      { name: 'bob', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '1 new report' } },
    ]);

    // The same feeds again: stories rewritten, no group grew, nothing sent.
    clock += 5 * 60_000;
    expect((await runIngest()).push.sent).toBe(0);
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
    expect(service.deliveries).toEqual([{ name: 'ann', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '3 new reports on 2 stories you follow' } }]);
  });

  it('forgets a subscription the push service says is gone (410), and tries once more after a 429', async () => {
    const beta = await harbourFollowed();
    const [ann, bob] = [await subscribe('ann', [beta]), await subscribe('bob', [beta])];
    service.answer('ann', 410);
    service.answer('bob', 429);
    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    clock += 5 * 60_000;
    expect((await runIngest()).push).toEqual({ subscriptions: 2, sent: 1, gone: 1, failed: 0 });
    expect(await followedBy(ann.subscription.endpoint)).toEqual([]);
    expect(await followedBy(bob.subscription.endpoint)).toEqual([beta]);
    expect(service.requests.sort()).toEqual(['ann', 'bob', 'bob']);
    expect(service.deliveries).toEqual([{ name: 'bob', payload: { title: `New reports: ${HARBOUR.gamma}`, body: '1 new report' } }]);
  });

  it('gives up after the one retry', async () => {
    const beta = await harbourFollowed();
    await subscribe('ann', [beta]);
    service.answer('ann', 503, 503, 201);
    listed.set('gamma', [[HARBOUR.gamma, 3]]);
    clock += 5 * 60_000;
    expect((await runIngest()).push).toEqual({ subscriptions: 1, sent: 0, gone: 0, failed: 1 });
    expect(service.requests).toEqual(['ann', 'ann']);
  });

  it('forgets a subscription 30 days after the page last sent it', async () => {
    const beta = await harbourFollowed();
    const ann = await subscribe('ann', [beta]);
    clock += 29 * DAY;
    const bob = await subscribe('bob', [beta]);
    clock += 1 * DAY + 60_000;
    await runIngest();
    expect(await followedBy(ann.subscription.endpoint)).toEqual([]);
    expect(await followedBy(bob.subscription.endpoint)).toEqual([beta]);
  });
});
