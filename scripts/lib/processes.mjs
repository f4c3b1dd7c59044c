// Helpers shared by scripts/start.mjs and scripts/functions.mjs: port checks,
// child processes with prefixed output, and stopping them together.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** Exits with a clear message when host:port is taken (checked by binding it briefly). */
export async function requireFreePort(port, what, hint, host = '127.0.0.1') {
  const free = await new Promise((resolve, reject) => {
    const server = createServer().once('error', (error) => (['EADDRINUSE', 'EACCES'].includes(error.code) ? resolve(false) : reject(error)));
    server.once('listening', () => server.close(() => resolve(true))).listen({ port, host, exclusive: true });
  });
  if (free) return;
  console.error(`Port ${port} on ${host} is already in use, so ${what} cannot start.\n${hint}`);
  process.exit(1);
}

const pipeWithPrefix = (stream, prefix, target) => stream && createInterface({ input: stream }).on('line', (line) => target.write(`${prefix} ${line}\n`));

/**
 * Starts a child process. Output lines get `prefix` when one is given.
 * Returns { child, exited } where exited resolves to { code, signal }.
 */
export function startProcess(command, args, { prefix, env, cwd } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'] });
  if (prefix) {
    pipeWithPrefix(child.stdout, prefix, process.stdout);
    pipeWithPrefix(child.stderr, prefix, process.stderr);
  }
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`${prefix ?? command}: could not start: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, exited };
}

/**
 * Runs processes together: Ctrl-C / SIGTERM stops all of them (exit code 0);
 * when one exits by itself the others are stopped and the exit code is non-zero.
 */
export async function runTogether(processes) {
  let stopping = false;
  let exitCode = 0;
  const signalAll = (signal) => processes.forEach(({ child }) => child.exitCode === null && child.signalCode === null && child.kill(signal));
  // A child that ignores SIGTERM is killed after a grace period.
  const stopAll = () => (signalAll('SIGTERM'), setTimeout(() => signalAll('SIGKILL'), 5000).unref());
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stopAll();
    });
  }
  for (const { name, exited } of processes) {
    exited.then(({ code, signal }) => {
      if (stopping) return;
      stopping = true;
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      exitCode = code && code !== 0 ? code : 1;
      stopAll();
    });
  }
  await Promise.all(processes.map(({ exited }) => exited));
  return exitCode;
}
