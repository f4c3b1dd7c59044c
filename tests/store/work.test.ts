// The scheduled work (docs/deploy.md#scheduled-work): how many calls of ingest-news the schedule starts for what is
// due (work_calls_due), and what one call takes on: 5 sources at most, a run when none started for 5 minutes, the
// grouping once the sources are fetched, the pushes only when it did neither.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { runStep } from '../../supabase/functions/_shared/ingest/step.ts';
import { readIngestState, recordStart, writing } from '../../supabase/functions/_shared/store/state.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { openTestStore, type TestStore } from './helpers.ts';

const NOW = new Date('2026-12-16T12:00:00Z');
const MINUTE = 60_000;
let store: TestStore;
let feeds: FeedServer;
let clock = NOW.getTime();
const asked: string[] = [];

const sources = (count: number): Source[] => Array.from({ length: count }, (_, i) => ({ name: `Site ${i}`, url: feeds.url(`/site-${i}.xml`), category: 'World' }));
const deps = () => ({ now: () => new Date(clock), config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true, timeoutMs: 3_000, deadlineMs: 3_000 } });
const callsDue = async () => (await store.sql<{ calls: number }[]>`select work_calls_due(${new Date(clock)}) as calls`)[0]?.calls;

beforeAll(async () => {
  store = await openTestStore();
  feeds = await startFeedServer();
  for (let i = 0; i < 30; i++) {
    feeds.route(`/site-${i}.xml`, (_request, response) => {
      asked.push(`site-${i}`);
      response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(syntheticRss(`site${i}`, 3, NOW.getTime() - MINUTE));
    });
  }
}, 120_000);
afterAll(async () => {
  await feeds?.close();
  await store?.stop();
});
beforeEach(async () => {
  await store.reset();
  asked.length = 0;
  clock = NOW.getTime();
});

/** A subscription with `count` pushes queued for it, visible at `at`. */
async function queuePushes(count: number, at = new Date(clock)): Promise<void> {
  await store.sql`insert into push_subscriptions (endpoint, p256dh, auth, last_seen_at) values ('https://fcm.googleapis.com/fcm/send/x', 'k', 'a', ${at}) on conflict do nothing`;
  await store.sql`
    insert into push_queue (endpoint, news, created_at, visible_at)
    select 'https://fcm.googleapis.com/fcm/send/x', '[]'::jsonb, ${at}, ${at} from generate_series(1, ${count})`;
}

describe('the schedule', () => {
  it('starts a call for a store that never ran, one to regroup once the sources are fetched, and none when nothing is due', async () => {
    expect(await callsDue()).toBe(1);
    expect((await runStep(store.sql, sources(3), deps())).fetched).toBe(3);
    expect(await callsDue()).toBe(1);
    expect((await runStep(store.sql, sources(3), deps())).regrouped).toBe(true);
    expect(await callsDue()).toBe(0);
  });

  it('starts a call per 5 sources due, none for sources a call holds, and one when no run started for 5 minutes', async () => {
    await runStep(store.sql, sources(20), deps(), { all: true });
    // The first call took 5; the other 15 are due; the grouping waits for them.
    expect(await callsDue()).toBe(3);
    await store.sql`update sources set next_fetch_at = ${new Date(clock + 4 * MINUTE)}`;
    await runStep(store.sql, sources(20), deps());
    clock += 4 * MINUTE;
    // All 20 due again, but 10 of them are held by calls that have not answered yet.
    await store.sql`update sources set claimed_until = ${new Date(clock + MINUTE)} where position < 10`;
    expect(await callsDue()).toBe(2);
    await store.sql`update sources set claimed_until = null, next_fetch_at = ${new Date(clock + 60 * MINUTE)}`;
    expect(await callsDue()).toBe(0);
    clock += MINUTE;
    expect(await callsDue()).toBe(1);
  });

  it('starts a call per 100 pushes due, and one for news to fan out; never more than 20', async () => {
    await runStep(store.sql, sources(1), deps());
    await runStep(store.sql, sources(1), deps());
    await queuePushes(101);
    expect(await callsDue()).toBe(2);
    await store.sql`update ingest_state set news_pending = true`;
    expect(await callsDue()).toBe(3);
    await store.sql`delete from push_queue`;
    await queuePushes(2_000, new Date(clock));
    expect(await callsDue()).toBe(20);
    // Pushes waiting for a retry, or held by a call, are not due.
    await store.sql`update push_queue set visible_at = ${new Date(clock + MINUTE)}`;
    expect(await callsDue()).toBe(1);
  });
});

describe('a call', () => {
  it('fetches 5 sources at most, in file order, and leaves the others due for the next calls', async () => {
    const report = await runStep(store.sql, sources(12), deps(), { all: true });
    expect(report).toMatchObject({ fetched: 5, failed: 0, stories: 15 });
    expect(asked.sort()).toEqual(['site-0', 'site-1', 'site-2', 'site-3', 'site-4']);
    expect((await runStep(store.sql, sources(12), deps())).fetched).toBe(5);
    expect((await runStep(store.sql, sources(12), deps())).fetched).toBe(2);
    expect((await runStep(store.sql, sources(12), deps())).fetched).toBe(0);
    expect(asked).toHaveLength(12);
  });

  it('regroups once no source is due (held ones are not waited for), or a minute after the first story it has not seen', async () => {
    await runStep(store.sql, sources(8), deps(), { all: true });
    // Three sources are still due: the next call fetches them rather than regroup.
    expect(await runStep(store.sql, sources(8), deps())).toMatchObject({ fetched: 3, regrouped: false });
    expect(await runStep(store.sql, sources(8), deps())).toMatchObject({ fetched: 0, regrouped: true });
    // Sources due again and again: the grouping waits a minute at most.
    clock += 5 * MINUTE;
    await runStep(store.sql, sources(8), deps(), { all: true });
    clock += 59_000;
    expect(await runStep(store.sql, sources(8), deps())).toMatchObject({ fetched: 3, regrouped: false });
    await store.sql`update sources set next_fetch_at = ${new Date(clock)}`;
    clock += 1_000;
    expect(await runStep(store.sql, sources(8), deps())).toMatchObject({ fetched: 0, regrouped: true });
    expect((await runStep(store.sql, sources(8), deps())).fetched).toBe(5);
  });

  it('keeps the latest start of two calls at once, whatever order they record it in: no story is dated after the answer\'s generated_at', async () => {
    // Two calls read their clocks 1 ms apart and take the state's lock in the other order (seen in npm run functions).
    await writing(store.sql, (tx) => recordStart(tx, new Date(clock + 1)));
    await writing(store.sql, (tx) => recordStart(tx, new Date(clock)));
    // fetch-news's generated_at is this start; the later call dates a story from the future at its own clock.
    expect((await readIngestState(store.sql)).startedAt).toEqual(new Date(clock + 1));
  });

  it('records a run when none started for 5 minutes, even with every source backing off, and sends no pushes after fetching', async () => {
    await runStep(store.sql, sources(2), deps());
    await store.sql`update sources set next_fetch_at = ${new Date(clock + 60 * MINUTE)}`;
    clock += 4 * MINUTE;
    await runStep(store.sql, sources(2), deps());
    expect((await readIngestState(store.sql)).startedAt).toEqual(NOW);
    clock += MINUTE;
    await runStep(store.sql, sources(2), deps());
    expect(await readIngestState(store.sql)).toMatchObject({ startedAt: new Date(clock), outcome: 'idle' });
    // Without VAPID keys a call drops what is queued: one that fetched or regrouped leaves it to the next.
    await queuePushes(5);
    await store.sql`update sources set next_fetch_at = ${new Date(clock)}`;
    expect((await runStep(store.sql, sources(2), deps())).push.dropped).toBe(0);
    expect(await runStep(store.sql, sources(2), deps())).toMatchObject({ regrouped: true, push: { dropped: 0 } });
    expect((await runStep(store.sql, sources(2), deps())).push.dropped).toBe(5);
  });
});
