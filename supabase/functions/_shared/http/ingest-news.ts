import type { IngestDeps } from '../ingest/refresh.ts';
import type { Source } from '../stories/sources-file.ts';
import { ingest } from '../ingest/ingest.ts';
import { hasIngestSecret } from './secret.ts';
import type { Sql } from '../store/db.ts';

export interface IngestNewsOptions {
  readonly sql: Sql;
  readonly sources: readonly Source[];
  readonly deps: IngestDeps;
  /** INGEST_SECRET: without it the function answers every call 401. */
  readonly secret: string | undefined;
  readonly logError?: (error: unknown) => void;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/**
 * ingest-news (docs/product.md#the-ingest): a POST with `Authorization: Bearer <INGEST_SECRET>` runs
 * one ingest of the sources that are due (`?all=1`: every source) and answers what it did.
 */
export function createIngestNews(options: IngestNewsOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!(await hasIngestSecret(request, options.secret))) return json({ error: 'unauthorized' }, 401);
    if (request.method !== 'POST') return json({ error: `method ${request.method} not allowed` }, 405);
    const all = new URL(request.url).searchParams.get('all') === '1';
    try {
      const report = await ingest(options.sql, options.sources, options.deps, { all });
      return json({ fetched: report.fetched, not_modified: report.notModified, failed: report.failed, stories: report.stories, deleted: report.deleted, pushed: report.push.sent }, 200);
    } catch (error) {
      options.logError?.(error);
      return json({ error: 'store_unavailable' }, 503);
    }
  };
}
