/**
 * One call of ingest-news (docs/deploy.md#scheduled-work): a bounded step of whatever work is due, so that every call
 * stays well inside the platform's limits (2 s of CPU, 150 s) whatever the number of sources or subscriptions. The
 * work waits in the store (work_due in the migrations): sources due, claimed 5 at a time; stories to regroup once no
 * source is due; news to fan out, a page of follows at a time; pushes queued, sent 25 at a time. The schedule starts
 * as many calls as it needs (work_calls_due).
 */
import { CLAIM_LEASE_MS } from '../store/sources.ts';
import type { Sql } from '../store/db.ts';
import { fanOutPage } from '../store/follows.ts';
import { dropDuePushes } from '../store/push-queue.ts';
import { clearNews, readIngestState, workDue } from '../store/state.ts';
import type { Source } from '../stories/sources-file.ts';
import { addReports, NO_PUSH, type PushReport, sendDuePushes } from '../push/send.ts';
import { ingest, type IngestReport, regroup } from './ingest.ts';
import type { IngestDeps } from './refresh.ts';

/** Sources a call claims: with the runtime's start, a call's CPU stays under 1 s (docs/performance-function.md#at-scale-100-sources-100000-subscriptions-the-platforms-limits). */
export const SOURCES_PER_CALL = 5;
/** The CPU the parses of a call's sources may take together; once spent, the rest are `too_slow`. */
export const CALL_PARSE_BUDGET_MS = 250;
/** Pushes a call sends at most: about 2.5 ms of CPU each in a fresh process, web-push's encryption most of it (the same page). */
export const PUSHES_PER_CALL = 100;
/** Follows the fan-out takes in one statement. */
export const FAN_OUT_ROWS = 2_000;
/** A call takes no more work after this long: with a batch's own timeouts (8 s, 10 s) it answers within 60 s. */
export const CALL_WORK_MS = 30_000;

export interface StepReport extends IngestReport {
  /** Whether it regrouped the stories. */
  readonly regrouped: boolean;
  /** Pushes the fan-out queued. */
  readonly queued: number;
  readonly push: PushReport;
}

const NOTHING: StepReport = { fetched: 0, notModified: 0, failed: 0, stories: 0, deleted: 0, regrouped: false, queued: 0, push: NO_PUSH };

export interface StepOptions {
  /** Every source due now, due or not (`npm run ingest`, `?all=1`); this call takes the first of them. */
  readonly all?: boolean;
}

/**
 * Does one call's part of the work due, the first that applies: every source made due and a first batch (`all`); the
 * grouping; a batch of sources (or a run when none started for 5 minutes); else the pushes. The fan-out of news follows
 * the grouping or comes before the pushes. Answers what it did.
 */
export async function runStep(sql: Sql, sources: readonly Source[], deps: IngestDeps, options: StepOptions = {}): Promise<StepReport> {
  const started = performance.now();
  const working = () => performance.now() - started < CALL_WORK_MS;
  // The grouping waits until no source is due, a minute at most (work_due): then it comes before more sources.
  const due = await workDue(sql, deps.now());
  if (options.all === true || (!due.regroup && (due.sources > 0 || due.run))) {
    const config = { ...deps.config, refreshParseBudgetMs: Math.min(deps.config.refreshParseBudgetMs, CALL_PARSE_BUDGET_MS) };
    const ingested = await ingest(sql, sources, { ...deps, config }, { all: options.all === true, limit: SOURCES_PER_CALL, group: false });
    return { ...NOTHING, ...ingested };
  }
  if (due.regroup) await regroup(sql);
  let queued = 0;
  for (;;) {
    const before = await readIngestState(sql);
    if (!before.newsPending || !working()) break;
    const page = await fanOutPage(sql, deps.now(), FAN_OUT_ROWS);
    queued += page.queued;
    if (page.taken < FAN_OUT_ROWS) await clearNews(sql, before.generation);
  }
  let push = NO_PUSH;
  // A call that regrouped has spent its CPU: the pushes are the next calls'.
  if (!due.regroup) {
    if (!deps.push) push = { ...NO_PUSH, dropped: await dropDuePushes(sql, deps.now()) };
    const vapidCache = new Map<string, string>();
    while (deps.push && push.sent + push.gone + push.retrying + push.dropped < PUSHES_PER_CALL && working()) {
      const batch = await sendDuePushes(sql, { ...deps, config: deps.push }, CLAIM_LEASE_MS, vapidCache);
      if (!batch) break;
      push = addReports(push, batch);
    }
  }
  return { ...NOTHING, regrouped: due.regroup, queued, push };
}
