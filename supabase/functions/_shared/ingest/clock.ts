/** `process.cpuUsage()`: microseconds of CPU time used by the process, user and system. */
export type CpuUsage = () => { user: number; system: number };

/** How long (wall time) a CPU clock may read the same before it is taken for a stub. */
const STILL_CLOCK_MS = 10;

/**
 * Milliseconds of CPU time since the clock was made (`process.cpuUsage()` on Node and Deno): what
 * Supabase's per-request CPU limit counts, and what a busy machine does not inflate. Supabase's
 * hosted runtime has a `cpuUsage()` that always reads 0 and warns on every call, hence the rule:
 * CPU time once cpuUsage() has moved from its first reading; wall time until then, and for good (no more reads) after STILL_CLOCK_MS without a move.
 * A synchronous parse takes at least as much wall time as CPU time on its thread: wall time stops it earlier, never later.
 */
export function cpuClock(cpuUsage: CpuUsage | null = runtimeCpuUsage(), wallMs: () => number = () => performance.now()): () => number {
  const startWall = wallMs();
  if (cpuUsage === null) return () => wallMs() - startWall;
  const cpuMs = (): number => {
    const { user, system } = cpuUsage();
    return (user + system) / 1000;
  };
  const firstCpu = cpuMs();
  let mode: 'unknown' | 'cpu' | 'wall' = 'unknown';
  let elapsed = 0;
  let lastWall = startWall;
  let lastCpu = firstCpu;
  return () => {
    const wall = wallMs();
    if (mode !== 'wall') {
      const cpu = cpuMs();
      if (cpu !== firstCpu) mode = 'cpu';
      else if (wall - startWall >= STILL_CLOCK_MS) mode = 'wall';
      // Each step since the last reading counts on the clock trusted now: readings never go back.
      if (mode === 'cpu') elapsed += cpu - lastCpu;
      lastCpu = cpu;
    }
    if (mode !== 'cpu') elapsed += wall - lastWall;
    lastWall = wall;
    return elapsed;
  };
}

/** The runtime's `process.cpuUsage()`, or null where it has none. */
function runtimeCpuUsage(): CpuUsage | null {
  const process = (globalThis as { process?: { cpuUsage?: CpuUsage } }).process;
  return typeof process?.cpuUsage === 'function' ? process.cpuUsage.bind(process) : null;
}
