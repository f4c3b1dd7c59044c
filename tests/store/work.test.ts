// The scheduled work (docs/deploy.md#scheduled-work): how many calls of ingest-news the schedule starts for what is
// due (work_calls_due), and what one call takes on: 5 sources at most, a run when none started for 5 minutes, the
// grouping once the sources are fetched, the pushes only when it did neither. Its policy is one row (work_policy): the
// schedule, the calls and the local driver all follow it, whatever it says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import { claimSources, syncSources } from '../../supabase/functions/_shared/store/sources.ts';
import { readIngestState, recordStart, writing } from '../../supabase/functions/_shared/store/state.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { workDue } from '../../supabase/functions/_shared/work/policy.ts';
import { runStep } from '../../supabase/functions/_shared/work/step.ts';
import { startWorkDriver } from '../../scripts/lib/work-driver.mjs';
import { type FeedServer, startFeedServer } from '../function/helpers/feed-server.ts';
import { syntheticRss } from '../function/helpers/synthetic-feed.ts';
import { openTestStore, type TestStore, underPolicy } from './helpers.ts';

const NOW = new Date('2026-12-16T12:00:00Z');
const MINUTE = 60_000;
let store: TestStore;
let feeds: FeedServer;
let clock = NOW.getTime();
const asked: string[] = [];

const sources = (count: number): Source[] => Array.from({ length: count }, (_, i) => ({ name: `Site ${i}`, url: feeds.url(`/site-${i}.xml`), category: 'World' }));
const deps = () => ({ ingest: { now: () => new Date(clock), config: { ...DEFAULT_INGEST_CONFIG, allowLoopback: true, timeoutMs: 3_000, deadlineMs: 3_000 } }, push: undefined });
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

describe('the policy, one row (work_policy) that the schedule, the calls and the local driver follow', () => {
  it('is the documented one: 5 sources a call with 250 ms of parse CPU, 100 pushes 25 at a time, 2,000 follows and 5 stories for the alerts a statement, 30 s of work, 20 calls a tick, leases of 2 minutes, a grouping wait of a minute, a run every 5 minutes', async () => {
    const [row] = await store.sql`
      select sources_per_call, call_parse_budget::text, pushes_per_call, push_batch, fan_out_rows, alert_stories, call_work::text, calls_per_tick, claim_lease::text, grouping_wait::text, run_every::text
      from work_policy`;
    expect(row).toEqual({
      sources_per_call: 5,
      call_parse_budget: '00:00:00.25',
      pushes_per_call: 100,
      push_batch: 25,
      fan_out_rows: 2_000,
      alert_stories: 5,
      call_work: '00:00:30',
      calls_per_tick: 20,
      claim_lease: '00:02:00',
      grouping_wait: '00:01:00',
      run_every: '00:05:00',
    });
    expect((await workDue(store.sql, new Date(clock))).policy).toEqual({ sourcesPerCall: 5, callParseBudgetMs: 250, pushesPerCall: 100, pushBatch: 25, fanOutRows: 2_000, alertStories: 5, callWorkMs: 30_000 });
  });

  it('sizes the calls and the schedule\'s count of them alike from the row: 3 sources a call, 10 pushes, 4 calls a tick', async () => {
    await underPolicy(store, { sources_per_call: 3, pushes_per_call: 10, calls_per_tick: 4 }, async () => {
      expect((await runStep(store.sql, sources(12), deps(), { all: true })).fetched).toBe(3);
      expect(asked.sort()).toEqual(['site-0', 'site-1', 'site-2']);
      // 9 sources left: a call per 3.
      expect(await callsDue()).toBe(3);
      expect((await runStep(store.sql, sources(12), deps())).fetched).toBe(3);
      await store.sql`update sources set next_fetch_at = ${new Date(clock + 60 * MINUTE)}`;
      await store.sql`update ingest_state set grouping_due_since = null`;
      await queuePushes(25);
      // Pushes due: a call per 10; and never more than 4.
      expect(await callsDue()).toBe(3);
      await queuePushes(100);
      expect(await callsDue()).toBe(4);
    });
    // The row is back as it was: the same store counts by 5 sources and 100 pushes again.
    expect(await callsDue()).toBe(2);
  });

  it('holds a claim for claim_lease, waits grouping_wait for the sources and runs after run_every, as the row says', async () => {
    await underPolicy(store, { claim_lease: '30 seconds', grouping_wait: '10 seconds', run_every: '1 minute' }, async () => {
      await syncSources(store.sql, sources(2));
      expect(await claimSources(store.sql, new Date(clock))).toHaveLength(2);
      const due = async (ms: number) => (await workDue(store.sql, new Date(clock + ms))).due;
      expect(await due(29_999)).toMatchObject({ sources: 0, held: 2 });
      expect(await due(30_000)).toMatchObject({ sources: 2, held: 0 });
      await store.sql`update sources set claimed_until = null`;
      await writing(store.sql, (tx) => recordStart(tx, new Date(clock)));
      await store.sql`update ingest_state set grouping_due_since = ${new Date(clock)}`;
      expect(await due(9_999)).toMatchObject({ sources: 2, regroup: false, run: false });
      expect(await due(10_000)).toMatchObject({ sources: 2, regroup: true, run: false });
      expect(await due(60_000)).toMatchObject({ run: true });
    });
  });

  it('caps the local driver at half the row\'s calls a tick: 2 in flight under 4, where work_calls_due asks for 4', async () => {
    await underPolicy(store, { calls_per_tick: 4 }, async () => {
      await syncSources(store.sql, sources(30));
      expect(await store.sql`select work_calls_due(now()) as calls`).toEqual([{ calls: 4 }]);
      // The embedded store serves one connection at a time: the driver's, while it runs.
      await store.release();
      const waiting: (() => void)[] = [];
      let answering = false;
      const driver = startWorkDriver({
        databaseUrl: store.url,
        call: () => (answering ? Promise.resolve({ answer: {} }) : new Promise((resolve) => waiting.push(() => resolve({ answer: {} })))),
        tickMs: 20,
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(waiting).toHaveLength(2);
      } finally {
        answering = true;
        for (const answer of waiting) answer();
        await driver.stop();
        store.reopen();
      }
    });
  });
});
