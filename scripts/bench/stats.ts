// The benches' statistics: one percentile definition (simple-statistics' quantile: linear between closest ranks), Welch's and the paired interval.
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { mean, quantile, sampleVariance } from 'simple-statistics';

export { quantile };
export const median = (values: readonly number[]): number => quantile([...values], 0.5);

export type Spread = { median: number; min: number; max: number; runs: number[] };
export const spread = (runs: number[]): Spread => ({ median: median(runs), min: Math.min(...runs), max: Math.max(...runs), runs });

/** Welch's 95% confidence interval for mean(a) - mean(b): two samples of possibly different variances. */
export function welchInterval(a: number[], b: number[]): { difference: number; low: number; high: number; df: number } {
  if (a.length < 2 || b.length < 2) throw new Error('Welch needs at least 2 values on each side');
  const [va, vb] = [sampleVariance(a) / a.length, sampleVariance(b) / b.length];
  const difference = mean(a) - mean(b);
  if (va + vb === 0) return { difference, low: difference, high: difference, df: Number.POSITIVE_INFINITY };
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const half = tQuantile(0.975, df) * Math.sqrt(va + vb);
  return { difference, low: difference - half, high: difference + half, df };
}

/** The 95% confidence interval of the mean of paired differences a[i] - b[i] (runs interleaved in pairs, so the machine's load cancels). */
export function pairedInterval(a: number[], b: number[]): { difference: number; low: number; high: number; df: number } {
  if (a.length !== b.length || a.length < 2) throw new Error('A paired interval needs two equally long samples of at least 2');
  const differences = a.map((value, i) => value - (b[i] as number));
  const difference = mean(differences);
  const df = differences.length - 1;
  const half = tQuantile(0.975, df) * Math.sqrt(sampleVariance(differences) / differences.length);
  return { difference, low: difference - half, high: difference + half, df };
}

/** A seeded pseudo-random generator (mulberry32): every run generates the same stories. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
