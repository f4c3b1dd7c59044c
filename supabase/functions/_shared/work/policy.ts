/**
 * The scheduled work's policy and what is due, as the store defines them once (work_policy, work_due, source_due and
 * push_due in supabase/migrations/20261218120000_work_policy.sql): a call reads them here, the schedule and the local
 * driver read the same row. Nothing here holds a number of its own.
 */
import type { Db } from '../store/db.ts';

/** The work_policy row (docs/deploy.md#scheduled-work): what one call takes on. */
export interface WorkPolicy {
  /** Sources a call claims. */
  readonly sourcesPerCall: number;
  /** The CPU the parses of a call's sources may take together. */
  readonly callParseBudgetMs: number;
  /** Pushes a call sends at most. */
  readonly pushesPerCall: number;
  /** Pushes a call claims at once and has in flight together. */
  readonly pushBatch: number;
  /** Follows the fan-out takes in one statement. */
  readonly fanOutRows: number;
  /** Stories the alerts' matching takes in one statement. */
  readonly alertStories: number;
  /** A call takes no more work after this long. */
  readonly callWorkMs: number;
}

/** The work due at a time (work_due: the schedule counts its calls from it). */
export interface WorkDue {
  /** Sources due and not held by a call. */
  readonly sources: number;
  /** Sources a call holds. */
  readonly held: number;
  /** Pushes due (counted up to what a tick's calls can take). */
  readonly pushes: number;
  /** Stories the grouping has not seen, and the sources are done (or work_policy's grouping_wait has passed). */
  readonly regroup: boolean;
  /** News the fan-out has not handed to the pushes yet, or stories the alerts' matching has not seen. */
  readonly news: boolean;
  /** No run started for work_policy's run_every: one is due even with every source backing off. */
  readonly run: boolean;
}

/** What is due at `now` and the policy it is due under, in one query. */
export async function workDue(sql: Db, now: Date): Promise<{ readonly due: WorkDue; readonly policy: WorkPolicy }> {
  const [row] = await sql<(WorkDue & WorkPolicy)[]>`
    select d.sources, d.held, d.pushes, d.regroup, d.news, d.run,
      p.sources_per_call as "sourcesPerCall", (extract(epoch from p.call_parse_budget) * 1000)::float8 as "callParseBudgetMs",
      p.pushes_per_call as "pushesPerCall", p.push_batch as "pushBatch", p.fan_out_rows as "fanOutRows", p.alert_stories as "alertStories",
      (extract(epoch from p.call_work) * 1000)::float8 as "callWorkMs"
    from work_due(${now}) d, work_policy p`;
  if (!row) throw new Error('work_policy has no row: the store is not migrated');
  const { sources, held, pushes, regroup, news, run, ...policy } = row;
  return { due: { sources, held, pushes, regroup, news, run }, policy };
}
