/** Small statistics helpers for the bench. */

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
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample variance (n - 1). @param {number[]} values */
const variance = (values) => {
  const m = mean(values);
  return values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1);
};

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms): enough for the t quantiles below. @param {number} x */
function logGamma(x) {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0];
  for (let i = 1; i < 9; i += 1) sum += c[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz). @param {number} x @param {number} a @param {number} b */
function incompleteBeta(x, a, b) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // The fraction converges fast only below the mean; use the symmetry I_x(a, b) = 1 - I_(1-x)(b, a) above it.
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - (logGamma(a) + logGamma(b) - logGamma(a + b))) / a;
  const tiny = 1e-300;
  let f = 1;
  let c = 1;
  let d = 0;
  for (let i = 0; i <= 400; i += 1) {
    const m = Math.floor(i / 2);
    let numerator;
    if (i === 0) numerator = 1;
    else if (i % 2 === 0) numerator = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    else numerator = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + numerator * d;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = 1 + numerator / (Math.abs(c) < tiny ? tiny : c);
    f *= c * d;
    if (Math.abs(1 - c * d) < 1e-12) break;
  }
  return front * (f - 1);
}

/** P(T <= t) for Student's t with `df` degrees of freedom (any real df > 0). @param {number} t @param {number} df */
export function studentTCdf(t, df) {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t with P(T <= t) = p, by bisection. @param {number} p in (0.5, 1) @param {number} df */
export function studentTQuantile(p, df) {
  let low = 0;
  let high = 1e4;
  for (let i = 0; i < 200; i += 1) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * Welch's 95% confidence interval for mean(a) - mean(b), two independent samples with
 * possibly different variances (Welch-Satterthwaite degrees of freedom).
 * @param {number[]} a at least 2 values
 * @param {number[]} b at least 2 values
 * @returns {{ difference: number, low: number, high: number, df: number }}
 */
export function welchInterval(a, b) {
  if (a.length < 2 || b.length < 2) throw new Error('Welch needs at least 2 values on each side');
  const va = variance(a) / a.length;
  const vb = variance(b) / b.length;
  const difference = mean(a) - mean(b);
  const se = Math.sqrt(va + vb);
  if (se === 0) return { difference, low: difference, high: difference, df: Number.POSITIVE_INFINITY };
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const t = studentTQuantile(0.975, df);
  return { difference, low: difference - t * se, high: difference + t * se, df };
}

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
