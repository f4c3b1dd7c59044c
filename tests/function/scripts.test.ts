// scripts/start.mjs and scripts/functions.mjs: processes run together and stop together.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from './helpers/function-process.ts';

function runDriver(mode: string) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'helpers/together-driver.mjs'), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false; // ESRCH: the process is gone
  }
}

function pids(output: string): number[] {
  const match = /pids (\d+) (\d+)/.exec(output);
  return match ? [Number(match[1]), Number(match[2])] : [];
}

describe('processes run together (npm start)', () => {
  it('stops the other process and exits non-zero when one dies', async () => {
    const driver = runDriver('one-dies');
    expect(await driver.exited).toBe(3);
    expect(driver.output()).toContain('other stopped (exit code 3); stopping the rest.');
    await until(() => pids(driver.output()).every((pid) => !alive(pid)));
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('stops both on %s and exits 0', async (signal) => {
    const driver = runDriver('both-stay');
    await until(() => (driver.output().match(/up/g) ?? []).length === 2);
    driver.child.kill(signal);
    expect(await driver.exited).toBe(0);
    await until(() => pids(driver.output()).every((pid) => !alive(pid)));
  });
});

describe('npm start checks its ports first', () => {
  let blocker: Server;
  let port = 0;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it('explains a taken port and starts nothing', async () => {
    const start = runScript('start.mjs', { FUNCTIONS_PORT: String(port) });
    expect(await start.exited).toBe(1);
    // Port 5173 may be in use by a developer's own dev server; either message is the clear one.
    expect(start.output()).toMatch(/Port (5173|\d+) on 127\.0\.0\.1 is already in use/);
    expect(start.output()).not.toContain('Site:');
  });

  it('refuses a FUNCTIONS_PORT that is not a port', async () => {
    const start = runScript('functions.mjs', { FUNCTIONS_PORT: 'abc' });
    expect(await start.exited).toBe(2);
    expect(start.output()).toContain('FUNCTIONS_PORT must be a port number (1-65535), got "abc".');
  });
});

