export function quantile(values: number[], q: number): number;
export function median(values: number[]): number;
export function studentTCdf(t: number, df: number): number;
export function studentTQuantile(p: number, df: number): number;
export function welchInterval(a: number[], b: number[]): { difference: number; low: number; high: number; df: number };
export function seededRandom(seed: number): () => number;
