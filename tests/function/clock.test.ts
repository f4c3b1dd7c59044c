import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../supabase/functions/fetch-news/lib/clock.ts';

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Burns some CPU time, so that the clocks move. */
const spin = (): number => {
  let sum = 0;
  for (let i = 0; i < 2_000_000; i++) sum += Math.sqrt(i);
  return sum;
};

describe('cpuClock', () => {
  it('reads the process\'s CPU time (user + system) in milliseconds where the runtime has process.cpuUsage()', () => {
    const clock = cpuClock();
    spin();
    const before = cpuMs();
    const reading = clock();
    const after = cpuMs();
    expect(reading).toBeGreaterThanOrEqual(before);
    expect(reading).toBeLessThanOrEqual(after);
  });

  it('does not count time spent waiting, as a wall clock would', async () => {
    const clock = cpuClock();
    const before = clock();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(clock() - before).toBeLessThan(150);
  });

  it('falls back to wall-clock milliseconds where the runtime has no CPU clock', () => {
    const original = globalThis.process;
    let clock: () => number;
    try {
      // Synchronous: nothing else runs while the global is swapped.
      (globalThis as { process: unknown }).process = { env: {} };
      clock = cpuClock();
    } finally {
      globalThis.process = original;
    }
    spin();
    const before = performance.now();
    const reading = clock();
    const after = performance.now();
    expect(reading).toBeGreaterThanOrEqual(before);
    expect(reading).toBeLessThanOrEqual(after);
  });
});
