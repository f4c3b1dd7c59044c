import { field, isPlainObject, storyOf } from './normalize.ts';
import { MAX_STORIES, type Report, type Story, type StoryCoverage } from './story.ts';

/**
 * A story's page (docs/product.md#a-page-for-each-story): its coverage as `?story=` answers it,
 * validated here and nowhere else (what the page says of it: coverage-text.ts, which only the
 * story's page loads).
 */

/** The page of a story, `/story/<id>`, its id encoded. */
export const storyPagePath = (id: string): string => `/story/${encodeURIComponent(id)}`;

function reportOf(item: unknown): Report | null {
  const story = storyOf(item);
  if (story === null) return null;
  const { id, title, summary, source, url, published_at, image } = story;
  return image === undefined ? { id, title, summary, source, url, published_at } : { id, title, summary, source, url, published_at, image };
}

/**
 * A parsed `?story=` answer as the page shows it, or null when it names no valid story: the
 * leading story validated as a feed's, its reports each validated (an invalid one dropped, a
 * repeated id once, at most 200: one answer's page), in the answer's order (earliest first), and
 * `next` when it is a non-empty string (later reports wait). A group always has its leading
 * story's own report: an answer with none valid gives that one.
 */
export function coverageFromAnswer(answer: unknown): StoryCoverage | null {
  if (!isPlainObject(answer)) return null;
  const story = storyOf(field(answer, 'story'));
  if (story === null) return null;
  const items = field(answer, 'reports');
  const reports: Report[] = [];
  const ids = new Set<string>();
  for (const item of Array.isArray(items) ? items : []) {
    const report = reportOf(item);
    if (report === null || ids.has(report.id) || reports.length >= MAX_STORIES) continue;
    ids.add(report.id);
    reports.push(report);
  }
  const generated = field(answer, 'generated_at');
  const next = field(answer, 'next');
  const coverage = { story, reports: reports.length > 0 ? reports : [reportOf(story) as Report], generated_at: typeof generated === 'string' ? generated : '' };
  return typeof next === 'string' && next !== '' ? { ...coverage, next } : coverage;
}

/** A story's coverage with the reports of its next page (`?story=<id>&after=<next>`) after its own, each id once, and that page's `next`. */
export function withLaterReports(coverage: StoryCoverage, later: StoryCoverage): StoryCoverage {
  const ids = new Set(coverage.reports.map((report) => report.id));
  const { next: _done, ...kept } = coverage;
  const merged = { ...kept, reports: [...coverage.reports, ...later.reports.filter((report) => !ids.has(report.id))] };
  return later.next === undefined ? merged : { ...merged, next: later.next };
}

/** A story's coverage from what the browser keeps of it (a saved or followed copy, the samples): its own report. */
export function keptCoverage(story: Story): StoryCoverage {
  return { story, reports: [reportOf(story) as Report], generated_at: '' };
}
