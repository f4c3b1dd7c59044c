/**
 * The clock the parse budgets count on (docs/product.md#timings-and-limits): CPU time where the
 * runtime's CPU clock is seen to move, else wall time (Supabase's hosted runtime has a
 * `process.cpuUsage()` that always reads 0).
 */
import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../supabase/functions/_shared/ingest/clock.ts';

/** A scripted clock: `set(ms)` moves it; each read is recorded. */
function scripted(start = 0) {
  let now = start;
  return {
    read: () => now,
    set: (ms: number) => {
      now = ms;
    },
  };
}

/** A scripted `cpuUsage()` in microseconds, counting its calls. */
function scriptedCpu(startMicros: number) {
  let micros = startMicros;
  const usage = {
    calls: 0,
    cpuUsage: () => {
      usage.calls++;
      return { user: micros, system: 0 };
    },
    set: (user: number) => {
      micros = user;
    },
  };
  return usage;
}

/** Burns some CPU time, so that the process's CPU clock moves. */
const spin = (): number => {
  let sum = 0;
  for (let i = 0; i < 2_000_000; i++) sum += Math.sqrt(i);
  return sum;
};

describe('cpuClock with an injected cpuUsage and wall clock', () => {
  it('counts CPU time (user + system, in ms) once cpuUsage has moved, however much wall time passes', () => {
    const wall = scripted(1_000);
    let user = 40_000;
    let system = 2_000;
    const clock = cpuClock(() => ({ user, system }), wall.read);
    user = 41_500; // 1.5 ms of user time
    system = 2_500; // and 0.5 ms of system time
    wall.set(1_500);
    expect(clock()).toBe(2);
    user = 47_500;
    wall.set(9_000); // 7.5 s of waiting count nothing
    expect(clock()).toBe(8);
    expect(clock()).toBe(8);
  });

  it('counts wall time with a cpuUsage that always reads zero (Supabase\'s stub), and stops calling it after 10 ms', () => {
    const wall = scripted(500);
    const cpu = scriptedCpu(0);
    const clock = cpuClock(cpu.cpuUsage, wall.read);
    wall.set(503);
    expect(clock()).toBe(3);
    wall.set(509.5);
    expect(clock()).toBe(9.5);
    expect(cpu.calls).toBe(3); // made, and read twice
    wall.set(510); // still for 10 ms: a stub
    expect(clock()).toBe(10);
    wall.set(750);
    expect(clock()).toBe(250);
    wall.set(1_000);
    expect(clock()).toBe(500);
    expect(cpu.calls).toBe(4);
  });

  it('takes a cpuUsage that reads the same non-zero value for a stub too', () => {
    const wall = scripted(0);
    const cpu = scriptedCpu(123_456);
    const clock = cpuClock(cpu.cpuUsage, wall.read);
    wall.set(30);
    expect(clock()).toBe(30);
    cpu.set(200_000); // moving after it was judged a stub changes nothing
    wall.set(45);
    expect(clock()).toBe(45);
  });

  it('counts wall time until cpuUsage first moves, then CPU time from where it stood: the readings never go back', () => {
    const wall = scripted(0);
    const cpu = scriptedCpu(5_000);
    const clock = cpuClock(cpu.cpuUsage, wall.read);
    wall.set(4);
    expect(clock()).toBe(4); // not moved yet, 4 ms of wall time
    cpu.set(6_000); // 1 ms of CPU since it was made
    wall.set(9);
    expect(clock()).toBe(5);
    cpu.set(9_000);
    wall.set(100);
    expect(clock()).toBe(8);
    wall.set(5_000);
    expect(clock()).toBe(8); // trusted for good: waiting counts nothing
    expect(cpu.calls).toBe(5);
  });

  it('counts wall time where the runtime has no cpuUsage at all', () => {
    const wall = scripted(2_000);
    const clock = cpuClock(null, wall.read);
    wall.set(2_250);
    expect(clock()).toBe(250);
  });
});

describe('cpuClock on this runtime (Node\'s process.cpuUsage())', () => {
  const cpuMs = (): number => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };

  it('reads the process\'s CPU time, which moves with work', () => {
    const before = cpuMs();
    const clock = cpuClock();
    spin();
    const reading = clock();
    const after = cpuMs();
    expect(reading).toBeGreaterThan(0);
    expect(reading).toBeLessThanOrEqual(after - before);
  });

  it('does not count time spent waiting, as a wall clock would', async () => {
    const clock = cpuClock();
    spin();
    const before = clock();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(clock() - before).toBeLessThan(150);
  });

  it('falls back to wall-clock milliseconds where the runtime has no process.cpuUsage()', () => {
    const original = globalThis.process;
    let clock: () => number;
    const made = performance.now();
    try {
      // Synchronous: nothing else runs while the global is swapped.
      (globalThis as { process: unknown }).process = { env: {} };
      clock = cpuClock();
    } finally {
      globalThis.process = original;
    }
    spin();
    const reading = clock();
    expect(reading).toBeGreaterThan(0);
    expect(reading).toBeLessThanOrEqual(performance.now() - made);
  });
});
