// The grouping in the store (docs/product.md#several-sources-one-story): a scheduled call places the stories written
// since the last one in the groups of the 48 hours around them, found through the terms' index, and a placed story
// never moves; a full regroup (npm run regroup) places the last 48 hours again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { regroup } from '../../supabase/functions/_shared/ingest/ingest.ts';
import { readIngestState, requestRegroup, writing } from '../../supabase/functions/_shared/store/state.ts';
import { type StoryRow, upsertStories } from '../../supabase/functions/_shared/store/stories.ts';
import { openTestStore, type TestStore } from './helpers.ts';

const T0 = Date.parse('2026-12-14T00:00:00Z');
const HOUR = 3_600_000;

let store: TestStore;
beforeAll(async () => {
  store = await openTestStore();
}, 60_000);
afterAll(() => store.stop());
beforeEach(() => store.reset());

function story(id: string, source: string, title: string, at: number): StoryRow {
  const url = `https://${source.toLowerCase().replace(/\W/g, '')}.example/${id}`;
  return { id, title, summary: '', source, url, canonicalUrl: url, published_at: new Date(at).toISOString(), category: 'World' };
}

/** Writes stories as a step does (marking the grouping due), then runs the grouping a later call does. */
async function step(stories: readonly StoryRow[]): Promise<void> {
  await writing(store.sql, async (tx) => {
    await upsertStories(tx, new Date(T0), stories);
    await tx`update ingest_state set grouping_due_since = coalesce(grouping_due_since, now())`;
  });
  await regroup(store.sql);
}

async function groups(): Promise<Map<string, { memberOf: string | null; related: unknown }>> {
  const rows = await store.sql<{ id: string; member_of: string | null; related: unknown }[]>`select id, member_of, related from stories order by id`;
  return new Map(rows.map((row) => [row.id, { memberOf: row.member_of, related: row.related }]));
}

/** Made-up words, so that the other stories share no word with the event's (ten thousand of them, "kabo", "kabe", ...). */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'pu', 'ri', 'so', 'tu', 'va', 'ze'];
const word = (n: number) => Array.from(String(n).padStart(4, '0'), (digit) => SYLLABLES[Number(digit)]).join('');

describe('the grouping in the store', () => {
  it('joins a report 20 hours after its event’s first report to its group, with 3,000 other stories between them', async () => {
    await step([story('first', 'Gazette', 'Harbour bridge reopens after storm repairs finish early', T0)]);
    // 3,000 stories of 100 outlets over the 20 hours, each of its own subject, written in 10 steps.
    for (let batch = 0; batch < 10; batch += 1) {
      await step(
        Array.from({ length: 300 }, (_, i) => {
          const n = batch * 300 + i;
          return story(`other${n}`, `Outlet ${n % 100}`, `${word(n)} ${word((n * 7 + 1) % 10_000)} ${word((n * 13 + 5) % 10_000)}`, T0 + HOUR + (n * 18 * HOUR) / 3_000);
        }),
      );
    }
    await step([story('later', 'Courier', 'Storm repairs finish early as harbour bridge reopens to traffic', T0 + 20 * HOUR)]);
    const after = await groups();
    expect(after.get('later')).toEqual({ memberOf: 'first', related: null });
    expect(after.get('first')).toEqual({ memberOf: null, related: [{ source: 'Courier', url: 'https://courier.example/later' }] });
    // None of the others joined it.
    expect([...after.values()].filter((g) => g.memberOf === 'first')).toHaveLength(1);
    expect(await store.sql`select 1 from stories where terms is null`).toHaveLength(0);
  }, 120_000);

  it('keeps every member in its group across steps; a report earlier than a group’s lead, listed late, leads it', async () => {
    await step([
      story('a', 'Gazette', 'Harbour bridge reopens after storm repairs', T0),
      story('b', 'Courier', 'Harbour bridge reopens after storm repairs finish', T0 + HOUR),
      story('x', 'Herald', 'Council approves budget for new school buildings', T0 + HOUR),
    ]);
    const first = await groups();
    expect([first.get('a')?.memberOf, first.get('b')?.memberOf, first.get('x')?.memberOf]).toEqual([null, 'a', null]);
    // Next step: more reports of both events; and one of the bridge dated before its group's lead.
    await step([
      story('c', 'Wire', 'Bridge reopens: harbour storm repairs finish', T0 + 3 * HOUR),
      story('y', 'Gazette', 'School buildings budget approved by council', T0 + 4 * HOUR),
      story('early', 'Post', 'Harbour bridge reopens after storm repairs', T0 - HOUR),
    ]);
    const second = await groups();
    // The bridge's group holds a, b and c still, led now by the earlier report.
    expect(second.get('early')).toEqual({
      memberOf: null,
      related: [
        { source: 'Gazette', url: 'https://gazette.example/a' },
        { source: 'Courier', url: 'https://courier.example/b' },
        { source: 'Wire', url: 'https://wire.example/c' },
      ],
    });
    expect([second.get('a'), second.get('b'), second.get('c')]).toEqual([0, 1, 2].map(() => ({ memberOf: 'early', related: null })));
    expect([second.get('x')?.memberOf, second.get('y')?.memberOf]).toEqual([null, 'x']);
    // A grown group is news for the follows' fan-out.
    expect((await readIngestState(store.sql)).newsPending).toBe(true);
  });

  it('lists in `related` one report per other outlet, at most 10, while every report stays in the group', async () => {
    const title = 'Harbour bridge reopens after storm repairs';
    await step([
      story('lead', 'Gazette', title, T0),
      // The lead's outlet again, once other outlets have made the case.
      story('again', 'Gazette', `${title} finish`, T0 + 2 * HOUR),
      ...Array.from({ length: 12 }, (_, i) => story(`o${String(i).padStart(2, '0')}`, `Outlet ${i}`, title, T0 + HOUR + i * 60_000)),
    ]);
    const after = await groups();
    expect([...after.values()].filter((g) => g.memberOf === 'lead')).toHaveLength(13);
    expect(after.get('lead')?.related).toEqual(Array.from({ length: 10 }, (_, i) => ({ source: `Outlet ${i}`, url: `https://outlet${i}.example/o${String(i).padStart(2, '0')}` })));
  });

  it('places the last 48 hours again on a full regroup (npm run regroup), and gives their stories their terms', async () => {
    const title = 'Harbour bridge reopens after storm repairs';
    await step([story('a', 'Gazette', title, T0), story('b', 'Courier', title, T0 + HOUR)]);
    // As the stories a store held before the grouping's migration: placed, no terms, no group.
    await store.sql`update stories set terms = '{}', member_of = null, related = null`;
    await writing(store.sql, (tx) => requestRegroup(tx, new Date(T0)));
    await regroup(store.sql);
    const after = await groups();
    expect(after.get('b')?.memberOf).toBe('a');
    expect(await store.sql`select id from stories where terms = '{}'`).toHaveLength(0);
    expect(await store.sql<{ regroup_all: boolean; grouping_due_since: Date | null }[]>`select regroup_all, grouping_due_since from ingest_state`).toEqual([{ regroup_all: false, grouping_due_since: null }]);
  });

  it('writes again the `related` of a group led from before the window whose member in it is placed elsewhere on a full regroup', async () => {
    const title = 'Harbour bridge reopens after storm repairs';
    await step([story('old', 'Gazette', title, T0), story('member', 'Courier', title, T0 + 20 * HOUR), story('newest', 'Herald', 'Council approves school budget', T0 + 60 * HOUR)]);
    expect((await groups()).get('old')).toEqual({ memberOf: null, related: [{ source: 'Courier', url: 'https://courier.example/member' }] });
    // The member's outlet retitled it (its terms stay those it was placed with): a full regroup places it by its title now.
    await upsertStories(store.sql, new Date(T0), [story('member', 'Courier', 'Council election results announced tonight', T0 + 20 * HOUR)]);
    await writing(store.sql, (tx) => requestRegroup(tx, new Date(T0 + 60 * HOUR)));
    await regroup(store.sql);
    const after = await groups();
    // The window is the 48 hours before the newest story: "old" keeps its place, "member" now stands alone.
    expect(after.get('member')).toEqual({ memberOf: null, related: null });
    expect(after.get('old')).toEqual({ memberOf: null, related: null });
  });
});
