/**
 * One call of ingest-news (docs/deploy.md#scheduled-work): a bounded step of whatever work is due, so that every call
 * stays well inside the platform's limits (2 s of CPU, 150 s) whatever the number of sources or subscriptions. The
 * work waits in the store (work_due), under one policy (work_policy, read in policy.ts): sources due, a batch at a
 * time; stories to regroup once no source is due; news to fan out, a page of follows (and of stories for the alerts'
 * matching) at a time; pushes queued, a batch
 * at a time (queue.ts). The schedule starts as many calls as it needs (work_calls_due).
 */
import type { Sql } from '../store/db.ts';
import type { Source } from '../stories/sources-file.ts';
import type { PushConfig } from '../push/send.ts';
import { ingest, type IngestReport, regroup } from '../ingest/ingest.ts';
import type { IngestDeps } from '../ingest/refresh.ts';
import { workDue } from './policy.ts';
import { addReports, dropDuePushes, NO_PUSH, type PushReport, queueNews, sendDuePushes } from './queue.ts';

/** What a call works with: the feed fetcher's settings, clock and network, and Web Push's settings of its own. */
export interface WorkDeps {
  readonly ingest: IngestDeps;
  /** Web Push for the queued pushes; undefined when notifications are off (the pushes due are then dropped). */
  readonly push: PushConfig | undefined;
}

export interface StepReport extends IngestReport {
  /** Whether it regrouped the stories. */
  readonly regrouped: boolean;
  /** Pushes the fan-out queued. */
  readonly queued: number;
  readonly push: PushReport;
}

/** A step that did nothing. */
export const NO_WORK: StepReport = { fetched: 0, notModified: 0, failed: 0, stories: 0, deleted: 0, regrouped: false, queued: 0, push: NO_PUSH };

export interface StepOptions {
  /** Every source due now, due or not (`npm run ingest`, `?all=1`); this call takes the first of them. */
  readonly all?: boolean;
}

/**
 * Does one call's part of the work due, the first that applies: every source made due and a first batch (`all`); the
 * grouping; a batch of sources (or a run when none started for a while); else the pushes. The fan-out of news follows
 * the grouping or comes before the pushes. Answers what it did.
 */
export async function runStep(sql: Sql, sources: readonly Source[], deps: WorkDeps, options: StepOptions = {}): Promise<StepReport> {
  const started = performance.now();
  const { now } = deps.ingest;
  const { due, policy } = await workDue(sql, now());
  const working = () => performance.now() - started < policy.callWorkMs;
  // The grouping waits until no source is due, a while at most (work_due): then it comes before more sources.
  if (options.all === true || (!due.regroup && (due.sources > 0 || due.run))) {
    const config = { ...deps.ingest.config, refreshParseBudgetMs: Math.min(deps.ingest.config.refreshParseBudgetMs, policy.callParseBudgetMs) };
    const ingested = await ingest(sql, sources, { ...deps.ingest, config }, { all: options.all === true, limit: policy.sourcesPerCall });
    return { ...NO_WORK, ...ingested };
  }
  if (due.regroup) await regroup(sql);
  const queued = await queueNews(sql, now, policy, working);
  let push = NO_PUSH;
  // A call that regrouped has spent its CPU: the pushes are the next calls'.
  if (!due.regroup) {
    const config = deps.push;
    if (!config) push = { ...NO_PUSH, dropped: await dropDuePushes(sql, now()) };
    const vapidCache = new Map<string, string>();
    while (config && push.sent + push.gone + push.retrying + push.dropped < policy.pushesPerCall && working()) {
      const batch = await sendDuePushes(sql, { ...deps.ingest, config }, policy.pushBatch, vapidCache);
      if (!batch) break;
      push = addReports(push, batch);
    }
  }
  return { ...NO_WORK, regrouped: due.regroup, queued, push };
}
