import type { Source } from '../stories/sources-file.ts';
import { runStep, type StepReport, type WorkDeps } from '../work/step.ts';
import { hasIngestSecret } from './secret.ts';
import type { Sql } from '../store/db.ts';

export interface IngestNewsOptions {
  readonly sql: Sql;
  readonly sources: readonly Source[];
  readonly deps: WorkDeps;
  /** INGEST_SECRET: without it the function answers every call 401. */
  readonly secret: string | undefined;
  readonly logError?: (error: unknown) => void;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** A step's report as ingest-news answers it (docs/deploy.md#scheduled-work). */
export function stepAnswer(step: StepReport): Record<string, number | boolean> {
  const { push } = step;
  return {
    fetched: step.fetched,
    not_modified: step.notModified,
    failed: step.failed,
    stories: step.stories,
    deleted: step.deleted,
    regrouped: step.regrouped,
    queued: step.queued,
    pushed: push.sent,
    gone: push.gone,
    retrying: push.retrying,
    dropped: push.dropped,
  };
}

/**
 * ingest-news (docs/product.md#the-ingest): a POST with `Authorization: Bearer <INGEST_SECRET>` does one bounded step of
 * the work due (work/step.ts: `?all=1` makes every source due first) and answers what it did.
 */
export function createIngestNews(options: IngestNewsOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!(await hasIngestSecret(request, options.secret))) return json({ error: 'unauthorized' }, 401);
    if (request.method !== 'POST') return json({ error: `method ${request.method} not allowed` }, 405);
    const all = new URL(request.url).searchParams.get('all') === '1';
    try {
      return json(stepAnswer(await runStep(options.sql, options.sources, options.deps, { all })), 200);
    } catch (error) {
      options.logError?.(error);
      return json({ error: 'store_unavailable' }, 503);
    }
  };
}
