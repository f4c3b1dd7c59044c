import type { RelatedLink, StoryCoverage } from './story.ts';

/**
 * What a story's page says of its coverage (docs/product.md#a-page-for-each-story): apart from
 * coverage.ts, which the first render's cards need, so that these stay with the story's page.
 */

/** The outlets that reported it, each once, in the order they did: the reports', then (from a kept copy) the other outlets it names. */
function outletsOf({ story, reports }: Pick<StoryCoverage, 'story' | 'reports'>): string[] {
  return [...new Set([...reports.map((report) => report.source), ...(story.related ?? []).map((link) => link.source)])];
}

/** The other outlets' links the story names (a kept copy's `related`) that are not among its reports already. */
export function relatedBeyondReports({ story, reports }: Pick<StoryCoverage, 'story' | 'reports'>): RelatedLink[] {
  const named = new Set(reports.map((report) => report.url));
  return (story.related ?? []).filter((link) => !named.has(link.url));
}

/** "{N} reports from {M} outlets" ("1 report from 1 outlet"): every report the page knows of, the other outlets a kept copy names among them. */
export function coverageCountText(coverage: Pick<StoryCoverage, 'story' | 'reports'>): string {
  const reports = coverage.reports.length + relatedBeyondReports(coverage).length;
  const outlets = outletsOf(coverage).length;
  return `${reports} ${reports === 1 ? 'report' : 'reports'} from ${outlets} ${outlets === 1 ? 'outlet' : 'outlets'}`;
}

/** "First reported by {source}": the earliest report's outlet (with no report, the leading story's own). */
export const firstReportedText = ({ story, reports }: Pick<StoryCoverage, 'story' | 'reports'>): string => `First reported by ${(reports[0] ?? story).source}`;
