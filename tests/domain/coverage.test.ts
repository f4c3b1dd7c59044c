/**
 * A story's page (docs/product.md#a-page-for-each-story): the `?story=` answer as the page reads it,
 * and what the page says of it.
 */
import { describe, expect, it } from 'vitest';
import { coverageFromAnswer, keptCoverage, storyPagePath, withLaterReports } from '../../src/domain/coverage.ts';
import { coverageCountText, firstReportedText, relatedBeyondReports } from '../../src/domain/coverage-text.ts';
import type { Story } from '../../src/domain/story.ts';

const lead: Story = { id: 'g1', title: 'Harbour bridge closes', summary: 'At dawn.', source: 'Gamma', url: 'https://gamma.example/g1', published_at: '2026-11-20T09:00:00.000Z', category: 'World' };
const report = (id: string, source: string) => ({ id, title: `${source} on the bridge`, summary: '', source, url: `https://${source.toLowerCase()}.example/${id}`, published_at: '2026-11-20T10:00:00.000Z' });

describe('the ?story= answer', () => {
  it('reads the leading story and its reports, in the answer order, each with only its report fields', () => {
    const answer = { story: { ...lead, related: [{ source: 'Beta', url: 'https://beta.example/b1' }] }, reports: [{ ...lead, category: 'World' }, report('b1', 'Beta')], generated_at: '2026-11-20T12:00:00.000Z' };
    expect(coverageFromAnswer(answer)).toEqual({
      story: { ...lead, related: [{ source: 'Beta', url: 'https://beta.example/b1' }] },
      reports: [
        { id: 'g1', title: 'Harbour bridge closes', summary: 'At dawn.', source: 'Gamma', url: 'https://gamma.example/g1', published_at: '2026-11-20T09:00:00.000Z' },
        report('b1', 'Beta'),
      ],
      generated_at: '2026-11-20T12:00:00.000Z',
    });
  });

  it('drops invalid and repeated reports, and hostile links; a group always has its leading report', () => {
    const answer = { story: lead, reports: [report('b1', 'Beta'), { ...report('x', 'Evil'), url: 'javascript:alert(1)' }, report('b1', 'Beta'), 42, null], generated_at: 7 };
    expect(coverageFromAnswer(answer)?.reports.map((r) => r.id)).toEqual(['b1']);
    expect(coverageFromAnswer(answer)?.generated_at).toBe('');
    expect(coverageFromAnswer({ story: lead, reports: 'none' })?.reports.map((r) => r.id)).toEqual(['g1']);
  });

  it.each([
    ['null', null],
    ['an array', [lead]],
    ['no story', { reports: [report('b1', 'Beta')] }],
    ['a story with no link', { story: { ...lead, url: '' }, reports: [] }],
    ['a story with no title', { story: { ...lead, title: ' ' }, reports: [] }],
  ])('an answer with %s names no story', (_case, answer) => {
    expect(coverageFromAnswer(answer)).toBeNull();
  });

  it('keeps a report\'s image, and only a report\'s fields', () => {
    const image = 'https://gamma.example/g1.jpg';
    const answer = { story: lead, reports: [{ ...lead, image, related: [{ source: 'Beta', url: 'https://beta.example/b1' }] }] };
    expect(coverageFromAnswer(answer)?.reports).toEqual([{ id: 'g1', title: 'Harbour bridge closes', summary: 'At dawn.', source: 'Gamma', url: 'https://gamma.example/g1', published_at: '2026-11-20T09:00:00.000Z', image }]);
  });

  it('keeps at most 200 reports, one answer\'s page', () => {
    const many = Array.from({ length: 250 }, (_, i) => report(`r${i}`, `Outlet${i}`));
    expect(coverageFromAnswer({ story: lead, reports: many })?.reports).toHaveLength(200);
  });

  it('reads `next` when later reports wait, and puts the next page\'s reports after the first\'s, each once, with that page\'s `next`', () => {
    const first = coverageFromAnswer({ story: lead, reports: [report('g1', 'Gamma'), report('b1', 'Beta')], next: 'cursor-1' });
    expect(first?.next).toBe('cursor-1');
    expect(coverageFromAnswer({ story: lead, reports: [], next: '' })).not.toHaveProperty('next');
    expect(coverageFromAnswer({ story: lead, reports: [], next: 3 })).not.toHaveProperty('next');
    const second = coverageFromAnswer({ story: lead, reports: [report('b1', 'Beta'), report('d1', 'Delta')], next: 'cursor-2' });
    const last = coverageFromAnswer({ story: lead, reports: [report('k1', 'Kappa')] });
    if (!first || !second || !last) throw new Error('the answers name their story');
    const two = withLaterReports(first, second);
    expect([two.reports.map((r) => r.id), two.next]).toEqual([['g1', 'b1', 'd1'], 'cursor-2']);
    const all = withLaterReports(two, last);
    expect(all.reports.map((r) => r.id)).toEqual(['g1', 'b1', 'd1', 'k1']);
    expect(all).not.toHaveProperty('next');
    expect(coverageCountText(all)).toBe('4 reports from 4 outlets');
  });
});

describe('what the page says', () => {
  it.each([
    [[report('g1', 'Gamma')], '1 report from 1 outlet'],
    [[report('g1', 'Gamma'), report('g2', 'Gamma')], '2 reports from 1 outlet'],
    [[report('g1', 'Gamma'), report('b1', 'Beta'), report('d1', 'Delta')], '3 reports from 3 outlets'],
  ])('%j: "%s"', (reports, text) => {
    expect(coverageCountText({ story: lead, reports })).toBe(text);
  });

  it('"First reported by" the earliest report\'s outlet', () => {
    expect(firstReportedText({ story: lead, reports: [report('b1', 'Beta'), report('g1', 'Gamma')] })).toBe('First reported by Beta');
    expect(firstReportedText({ story: lead, reports: [] })).toBe('First reported by Gamma');
  });

  it('from a kept copy: its own report, and the other outlets it names counted', () => {
    const kept = { ...lead, related: [{ source: 'Beta', url: 'https://beta.example/b1' }, { source: 'Delta', url: 'https://delta.example/d1' }] };
    const coverage = keptCoverage(kept);
    expect(coverage.reports.map((r) => r.id)).toEqual(['g1']);
    expect(coverageCountText(coverage)).toBe('3 reports from 3 outlets');
    expect(firstReportedText(coverage)).toBe('First reported by Gamma');
    // The other outlets' links the page lists below the reports: each not already a report.
    const withOwn = { ...kept, related: [...kept.related, { source: 'Gamma', url: coverage.reports[0]!.url }] };
    expect(relatedBeyondReports(keptCoverage(withOwn)).map((link) => link.source)).toEqual(['Beta', 'Delta']);
  });

  it('a page address encodes its id', () => {
    expect(storyPagePath('3k9x0c41m2p7qa')).toBe('/story/3k9x0c41m2p7qa');
    expect(storyPagePath('a b/c?d')).toBe('/story/a%20b%2Fc%3Fd');
  });
});
