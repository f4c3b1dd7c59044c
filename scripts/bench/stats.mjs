/** Small statistics helpers for the benchmarks. */

/**
 * The value at quantile `q` (0..1) of `values`, by linear interpolation between closest ranks.
 * @param {number[]} values
 * @param {number} q
 * @returns {number}
 */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/** @param {number[]} values */
export const median = (values) => quantile(values, 0.5);

/** @param {number[]} values */
export const max = (values) => (values.length ? Math.max(...values) : Number.NaN);

/**
 * A deterministic pseudo-random generator (mulberry32), so every run serves the same stories.
 * @param {number} seed
 * @returns {() => number} values in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
