import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** What `npm run functions` prints once its first ingest is done (scripts/lib/functions-stack.mjs). */
export const INGEST_DONE = 'ingest: ';

export interface RunningScript {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Runs `node scripts/<name>` (what `npm run functions` runs) with extra environment; its embedded
 * store is a fresh one in a temporary directory unless NEWS_STORE_DIR is given.
 */
export function runScript(script: string, env: Record<string, string>): RunningScript {
  const store = env.NEWS_STORE_DIR ?? join(mkdtempSync(join(tmpdir(), 'news-store-')), 'store');
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, NEWS_STORE_DIR: store, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once the output contains `text`; rejects if the process exits or time runs out. */
export async function waitForOutput(script: RunningScript, text: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void script.exited.then(() => (exited = true));
  while (!script.output().includes(text)) {
    if (exited) throw new Error(`process exited before printing "${text}":\n${script.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}":\n${script.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
