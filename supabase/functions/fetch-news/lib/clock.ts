interface CpuUsage {
  cpuUsage(): { user: number; system: number };
}

/**
 * Milliseconds of CPU time used by the process (Node's and Deno's `process.cpuUsage()`),
 * which is what Supabase's per-request CPU limit counts and what a busy machine does not
 * inflate. Where the runtime has no such clock, wall-clock time: the budgets then stop
 * work earlier under load, never later.
 */
export function cpuClock(): () => number {
  const process = (globalThis as { process?: Partial<CpuUsage> }).process;
  if (typeof process?.cpuUsage === 'function') {
    const usage = process.cpuUsage.bind(process);
    return () => {
      const { user, system } = usage();
      return (user + system) / 1000;
    };
  }
  return () => performance.now();
}
