// Alerts for words (docs/product.md#alerts-for-words) in the store: follow-news stores a browser's alerts with its
// subscription (replaced whole, refused whole), the store's matching (`terms <@ words` under the GIN index) agrees with
// the page's matcher on generated texts, and the matching's page queues one push per subscription and story, never for
// a story stored before the alert, at most 20 a day.
import fc from 'fast-check';
import postgres from 'postgres';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchesAlert } from '../../src/domain/alerts.ts';
import { createFollowNews } from '../../supabase/functions/_shared/http/follow-news.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS, type Vapid } from '../../supabase/functions/_shared/push/config.ts';
import { matchAlertsPage } from '../../supabase/functions/_shared/work/queue.ts';
import { workDue } from '../../supabase/functions/_shared/work/policy.ts';
import { forgetIdleSubscriptions, saveSubscription } from '../../supabase/functions/_shared/store/follows.ts';
import { upsertStories, type StoryRow } from '../../supabase/functions/_shared/store/stories.ts';
import { type Browser, type PushService, startPushService } from '../function/helpers/push-service.ts';
import { openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2026-12-10T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FN = 'http://127.0.0.1:54321/functions/v1';
const keys = webpush.generateVAPIDKeys();
const VAPID: Vapid = { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:newsroom@example.org' };

let store: TestStore;
let service: PushService;
let clock = NOW.getTime();

function followNews() {
  const handler = createFollowNews({ sql: store.sql, vapid: VAPID, hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLoopback: true, now: () => new Date(clock) });
  return (method: string, body: unknown, address = '203.0.113.7') =>
    handler(new Request(`${FN}/follow-news`, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }), address);
}

const alertsOf = async (endpoint: string) =>
  (await store.sql<{ words: string; terms: string[]; created_at: Date }[]>`select words, terms, created_at from push_alerts where endpoint = ${endpoint} order by words`).map((row) => ({
    words: row.words,
    terms: row.terms,
    at: row.created_at.toISOString(),
  }));
const count = async (table: 'push_subscriptions' | 'push_alerts' | 'push_queue') => Number((await store.sql<{ n: string }[]>`select count(*)::text as n from ${store.sql(table)}`)[0]?.n);

let serial = 0;
const row = (title: string, summary = ''): StoryRow => {
  serial += 1;
  return { id: `st${serial}`, title, summary, source: 'Wire', url: `https://wire.example/${serial}`, canonicalUrl: `https://wire.example/${serial}`, published_at: new Date(clock).toISOString(), category: 'World' };
};
const storeStories = (rows: StoryRow[]) => store.sql.begin((tx) => upsertStories(tx, new Date(clock), rows));

const limits = { addressHash: 'test', maxSubscriptions: 1_000, perWindow: 1_000, windowMs: DAY };
const subscribe = (browser: Browser, alerts: string[], ids: string[] = []) =>
  saveSubscription(store.sql, new Date(clock), { endpoint: browser.subscription.endpoint, p256dh: browser.subscription.keys.p256dh, auth: browser.subscription.keys.auth }, { ids, alerts }, limits);

const queued = async () =>
  (await store.sql<{ endpoint: string; news: { alert: string; storyId: string; title: string }[] }[]>`select endpoint, news from push_queue order by id`).map((push) => ({ endpoint: push.endpoint, ...push.news[0] }));

beforeAll(async () => {
  store = await openTestStore();
  service = await startPushService(VAPID);
}, 120_000);
afterAll(async () => {
  await service?.close();
  await store?.stop();
});
beforeEach(async () => {
  await store.reset();
  clock = NOW.getTime();
});

describe('follow-news with alerts', () => {
  let browser: Browser;
  beforeEach(() => {
    browser = service.browser('alice');
  });

  it('stores the alerts with the subscription, ids then may be empty; replaces them whole; forgets them on DELETE', async () => {
    const call = followNews();
    expect((await call('POST', { subscription: browser.subscription, ids: [], alerts: ['  Paris   Élection ', 'climate'] })).status).toBe(204);
    const first = new Date(clock).toISOString();
    expect(await alertsOf(browser.subscription.endpoint)).toEqual([
      { words: 'Paris Élection', terms: ['election', 'paris'], at: first },
      { words: 'climate', terms: ['climate'], at: first },
    ]);
    clock += HOUR;
    // Replaced whole: climate kept with its time, Paris gone, storm new; ids may be absent with alerts.
    expect((await call('POST', { subscription: browser.subscription, alerts: ['storm', 'CLIMATE'] })).status).toBe(204);
    expect(await alertsOf(browser.subscription.endpoint)).toEqual([
      { words: 'CLIMATE', terms: ['climate'], at: first },
      { words: 'storm', terms: ['storm'], at: new Date(clock).toISOString() },
    ]);
    // Follows alone: the alerts go.
    expect((await call('POST', { subscription: browser.subscription, ids: ['a00001'] })).status).toBe(204);
    expect(await alertsOf(browser.subscription.endpoint)).toEqual([]);
    expect((await call('POST', { subscription: browser.subscription, ids: ['a00001'], alerts: ['storm'] })).status).toBe(204);
    expect((await call('DELETE', { endpoint: browser.subscription.endpoint })).status).toBe(204);
    expect(await count('push_alerts')).toBe(0);
  });

  it.each<[string, unknown, string]>([
    ['alerts that are not a list', 'climate', 'invalid_alerts'],
    ['an alert of one character', ['x'], 'invalid_alerts'],
    ['an alert of six words', ['one two three four five six'], 'invalid_alerts'],
    ['an alert of 61 characters', ['x'.repeat(61)], 'invalid_alerts'],
    ['an alert that is a number', [42], 'invalid_alerts'],
    ['eleven alerts', Array.from({ length: 11 }, (_, i) => `topic ${i}`), 'too_many_alerts'],
    ['no alert and no id', [], 'invalid_ids'],
  ])('refuses %s with 400 and stores nothing, keeping what it had', async (_name, alerts, code) => {
    const call = followNews();
    const other = service.browser('bob');
    expect((await call('POST', { subscription: other.subscription, ids: [], alerts: ['storm'] })).status).toBe(204);
    const response = await call('POST', { subscription: browser.subscription, ids: [], alerts });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([400, code]);
    const refusedAgain = await call('POST', { subscription: other.subscription, ids: [], alerts });
    expect(refusedAgain.status).toBe(400);
    expect(await count('push_subscriptions')).toBe(1);
    expect((await alertsOf(other.subscription.endpoint)).map((alert) => alert.words)).toEqual(['storm']);
  });

  it('keeps one alert per set of words, the first sent; ten distinct ones are the most', async () => {
    const call = followNews();
    const ten = [...Array.from({ length: 10 }, (_, i) => `topic${i}`), 'TOPIC0'];
    expect((await call('POST', { subscription: browser.subscription, ids: [], alerts: ten })).status).toBe(204);
    expect((await alertsOf(browser.subscription.endpoint)).map((alert) => alert.words)).toEqual(Array.from({ length: 10 }, (_, i) => `topic${i}`));
  });

  it('takes 50 ids with 10 alerts of 60 characters in a script of 3 bytes a character', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `${'f'.repeat(40)}${String(i).padStart(2, '0')}`);
    const alerts = Array.from({ length: 10 }, (_, i) => `${'東'.repeat(58)} ${i}`);
    expect((await followNews()('POST', { subscription: browser.subscription, ids, alerts })).status).toBe(204);
    expect(await count('push_alerts')).toBe(10);
  });

  it('counts a POST with alerts in the address’s calls a minute', async () => {
    const call = followNews();
    for (let i = 0; i < 20; i++) expect((await call('POST', { subscription: browser.subscription, ids: [], alerts: [`topic${i % 10}`] })).status).toBe(204);
    expect((await call('POST', { subscription: browser.subscription, ids: [], alerts: ['storm'] })).status).toBe(429);
    expect((await alertsOf(browser.subscription.endpoint)).map((alert) => alert.words)).toEqual(['topic9']);
  });

  it('forgets an idle subscription’s alerts with it after 30 days', async () => {
    await subscribe(browser, ['storm']);
    clock += 31 * DAY;
    expect(await forgetIdleSubscriptions(store.sql, new Date(clock))).toBe(1);
    expect(await count('push_alerts')).toBe(0);
  });
});

describe("the store's matching", () => {
  const piece = fc.constantFrom('election', 'Élection', 'PARÍS', 'paris', 'ｐａｒｉｓ', 'straße', 'STRASSE', 'İstanbul', 'covid19', '東京', 'climate', 'x');
  const glue = fc.constantFrom(' ', ', ', '-', "'", '.', '');
  const text = fc.array(fc.tuple(piece, glue), { maxLength: 8 }).map((parts) => parts.map(([word, sep]) => word + sep).join(''));
  const alert = fc.array(piece, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

  it('finds through the index exactly the alerts the page’s matcher matches, on generated stories', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 6 }), fc.uniqueArray(alert, { maxLength: 4, selector: (words) => words.toLowerCase() }), async (stories, alerts) => {
        await store.reset();
        const browsers = alerts.map((_, i) => service.browser(`p${i}`));
        for (const [i, words] of alerts.entries()) await subscribe(browsers[i]!, [words]);
        const rows = stories.map(([title, summary]) => row(title || 'untitled', summary));
        await storeStories(rows);
        const found = await store.sql<{ id: string; words: string }[]>`
          select s.id, a.words from stories s join push_alerts a on a.terms <@ s.words order by s.id, a.words`;
        const expected = rows.flatMap((story) => alerts.filter((words) => matchesAlert(words, story)).map((words) => ({ id: story.id, words }))).sort((a, b) => (a.id + a.words < b.id + b.words ? -1 : 1));
        expect(found.map(({ id, words }) => ({ id, words })).sort((a, b) => (a.id + a.words < b.id + b.words ? -1 : 1))).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('queues one push per subscription and matching story, naming its earliest alert, and marks the stories matched', async () => {
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((name) => service.browser(name)) as [Browser, Browser, Browser];
    await subscribe(alice, ['paris election']);
    clock += 1_000;
    await subscribe(bob, ['election', 'paris']);
    await subscribe(carol, ['rome']);
    clock += 1_000;
    const [match, other] = [row('Élection in PARIS today'), row('Storm over the harbour')];
    await storeStories([match, other]);
    // The matching is news for the schedule: a call is due for it.
    expect((await workDue(store.sql, new Date(clock))).due.news).toBe(true);
    expect(await matchAlertsPage(store.sql, new Date(clock), 10)).toEqual({ taken: 2, queued: 2 });
    expect(await queued()).toEqual([
      { endpoint: alice.subscription.endpoint, alert: 'paris election', storyId: match.id, title: match.title },
      { endpoint: bob.subscription.endpoint, alert: 'election', storyId: match.id, title: match.title },
    ]);
    // Matched once: nothing is due, and a story stored again (a feed's next fetch) is not new.
    expect((await workDue(store.sql, new Date(clock))).due.news).toBe(false);
    await storeStories([{ ...match, title: 'Élection in PARIS: the count' }]);
    expect(await matchAlertsPage(store.sql, new Date(clock), 10)).toEqual({ taken: 0, queued: 0 });
  });

  it('never tells of a story first stored before the alert was added', async () => {
    const [alice, bob] = [service.browser('alice'), service.browser('bob')];
    // With no alert stored, a new story waits for no matching.
    await storeStories([row('Storm over the harbour')]);
    expect(await matchAlertsPage(store.sql, new Date(clock), 10)).toEqual({ taken: 0, queued: 0 });
    await subscribe(bob, ['rome']);
    clock += 1_000;
    await storeStories([row('Storm over the bay')]);
    clock += 1_000;
    await subscribe(alice, ['storm']);
    expect(await matchAlertsPage(store.sql, new Date(clock), 10)).toEqual({ taken: 1, queued: 0 });
    clock += 1_000;
    const late = row('Second storm over the harbour');
    await storeStories([late]);
    expect(await matchAlertsPage(store.sql, new Date(clock), 10)).toEqual({ taken: 1, queued: 1 });
    expect((await queued()).map((push) => push.storyId)).toEqual([late.id]);
  });

  it('reads the alerts of a page of stories through the GIN index on their terms, never every alert', async () => {
    // 20,000 alerts of 2,000 subscriptions, each with a word of the stories and one they lack: the index finds them, the check refuses them.
    await store.sql`insert into push_subscriptions (endpoint, p256dh, auth, last_seen_at)
      select 'https://push.example/' || n, 'p', 'a', ${new Date(clock)} from generate_series(1, 2000) n`;
    await store.sql`insert into push_alerts (endpoint, key, words, terms, created_at)
      select 'https://push.example/' || n, j || ' ' || n, j || ' ' || n, array['q' || (n * 10 + j) || 'x', 't' || (n % 100) || 'x'], ${new Date(clock)}
      from generate_series(1, 2000) n, generate_series(0, 9) j`;
    clock += 1_000;
    await storeStories(Array.from({ length: 20 }, (_, k) => row(`t${k}x council meets`)));
    await store.sql`analyze`;
    await store.release();
    const statements: { query: string; parameters: unknown[] }[] = [];
    const sql = postgres(store.url, { max: 1, prepare: false, onnotice: () => {}, debug: (_connection, query, parameters) => void (query.includes('push_alerts a') && statements.push({ query, parameters })) });
    try {
      expect(await matchAlertsPage(sql, new Date(clock), 5)).toEqual({ taken: 5, queued: 0 });
      const [asked] = statements;
      if (!asked) throw new Error('no matching statement');
      const [plan] = await sql.unsafe<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`explain (format json) ${asked.query}`, asked.parameters as postgres.ParameterOrJSON<never>[]);
      const reads = flatten(plan?.['QUERY PLAN'][0]?.Plan).filter((node) => node['Relation Name'] === 'push_alerts' || node['Index Name'] === 'push_alerts_terms');
      expect(reads.map((node) => node['Node Type'])).toEqual(['Bitmap Heap Scan', 'Bitmap Index Scan']);
      expect(reads[1]?.['Index Name']).toBe('push_alerts_terms');
    } finally {
      await sql.end();
      store.reopen();
    }
  });

  it('queues at most 20 alert pushes a UTC day to one subscription, the 21st match of the day never, and 20 again the next day', async () => {
    const alice = service.browser('alice');
    const bob = service.browser('bob');
    await subscribe(alice, ['storm']);
    await subscribe(bob, ['harbour']);
    clock += 1_000;
    await storeStories(Array.from({ length: 15 }, (_, i) => row(`Storm number ${i}`)));
    expect(await matchAlertsPage(store.sql, new Date(clock), 10)).toEqual({ taken: 10, queued: 10 });
    await storeStories(Array.from({ length: 10 }, (_, i) => row(`Storm over the harbour ${i}`)));
    expect(await matchAlertsPage(store.sql, new Date(clock), 100)).toEqual({ taken: 15, queued: 20 });
    const pushes = await queued();
    expect(pushes.filter((push) => push.endpoint === alice.subscription.endpoint)).toHaveLength(20);
    expect(pushes.filter((push) => push.endpoint === bob.subscription.endpoint)).toHaveLength(10);
    // The 21st to 25th storms of the day were dropped, not kept for later.
    await store.sql`delete from push_queue`;
    clock = Date.parse('2026-12-11T00:00:01Z');
    await storeStories(Array.from({ length: 25 }, (_, i) => row(`Next day storm ${i}`)));
    expect(await matchAlertsPage(store.sql, new Date(clock), 100)).toEqual({ taken: 25, queued: 20 });
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode | undefined): PlanNode[] {
  return node ? [node, ...(node.Plans ?? []).flatMap(flatten)] : [];
}
