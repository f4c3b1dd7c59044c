/**
 * The bench's figures (scripts/bench/): the confidence interval typing is judged by, the
 * targets Lighthouse CI asserts, and the static page the app is compared with.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { quantile, studentTQuantile, welchInterval } from '../../scripts/bench/stats.mjs';
import { makeStories, staticPage } from '../../scripts/bench/stories.mjs';

describe('the bench statistics', () => {
  it("gives Student's t quantiles of the usual tables", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.776, 3);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(1.96, 2);
  });

  it("gives Welch's 95% interval of a difference of means, as R's t.test does", () => {
    // t.test(c(30, 32, 35, 31, 33), c(20, 21, 19, 22, 20)): 9.398 to 14.202, df 6.502.
    const interval = welchInterval([30, 32, 35, 31, 33], [20, 21, 19, 22, 20]);
    expect(interval.difference).toBeCloseTo(11.8, 6);
    expect(interval.low).toBeCloseTo(9.398, 3);
    expect(interval.high).toBeCloseTo(14.202, 3);
    expect(interval.df).toBeCloseTo(6.502, 3);
  });

  it('refuses an interval from a single run on either side', () => {
    expect(() => welchInterval([30], [20, 21])).toThrow('at least 2 values on each side');
  });

  it('puts the p95 of 25 keys 80% of the way from the 23rd fastest to the 24th', () => {
    const keys = [80, ...Array.from({ length: 23 }, () => 16), 40];
    expect(quantile(keys, 0.95)).toBeCloseTo(35.2, 6);
  });
});

describe('the Lighthouse CI targets', () => {
  const require = createRequire(import.meta.url);
  const rc = '../../scripts/bench/lighthouserc.cjs';
  const load = (visit: string) => {
    process.env.BENCH_VISIT = visit;
    delete require.cache[require.resolve(rc)];
    return (require(rc) as { ci: { assert: { assertions: Record<string, [string, Record<string, number | string>]> } } }).ci.assert.assertions;
  };
  afterEach(() => {
    delete process.env.BENCH_VISIT;
  });

  it('hold a first visit to performance 90, TBT 300 ms, CLS 0.02 and 100 elsewhere, on medians', () => {
    const assertions = load('first');
    expect(assertions['categories:performance']).toEqual(['error', { aggregationMethod: 'median', minScore: 0.9 }]);
    expect(assertions['total-blocking-time']).toEqual(['error', { aggregationMethod: 'median', maxNumericValue: 300 }]);
    expect(assertions['cumulative-layout-shift']).toEqual(['error', { aggregationMethod: 'median', maxNumericValue: 0.02 }]);
    for (const category of ['accessibility', 'best-practices', 'seo']) {
      expect(assertions[`categories:${category}`]).toEqual(['error', { aggregationMethod: 'median', minScore: 1 }]);
    }
  });

  it('hold a repeat visit to performance 95 and TBT 150 ms', () => {
    const assertions = load('repeat');
    expect(assertions['categories:performance']).toEqual(['error', { aggregationMethod: 'median', minScore: 0.95 }]);
    expect(assertions['total-blocking-time']).toEqual(['error', { aggregationMethod: 'median', maxNumericValue: 150 }]);
  });
});

describe('the static page', () => {
  const stories = makeStories(200, 'http://127.0.0.1:9');
  const page = staticPage(stories);

  it('shows every story as an article, with no script', () => {
    expect(page.match(/<article>/g)).toHaveLength(200);
    expect(page).toContain(`<h3>${stories[0]!.title}</h3>`);
    expect(page).toContain(`<h3>${stories[199]!.title}</h3>`);
    expect(page).not.toMatch(/<script/i);
  });

  it('has a plain search input named as the app names its search box', () => {
    expect(page).toContain('<input type="search" aria-label="Search news stories" placeholder="Search news stories">');
  });
});
