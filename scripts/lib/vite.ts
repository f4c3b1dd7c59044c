// Vite's build and preview server as child processes (the benches, the screenshots), and a free loopback port.
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { ROOT } from './function-command.mjs';

const VITE = `${ROOT}/node_modules/vite/bin/vite.js`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The first match of `pattern` in the child's output; rejects when the child exits first. */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match[0]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${output}`)));
  });
}

/** `vite build` into `outDir`, with `env` (the VITE_ variables the build reads); of the tree `root` (a bench's baseline), with its `config`. */
export async function viteBuild(outDir: string, env: Record<string, string>, { root = ROOT, config }: { root?: string; config?: string } = {}): Promise<void> {
  const args = [VITE, 'build', ...(config ? ['--config', config] : []), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  const code = await new Promise((done) => spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' }).once('exit', done));
  if (code !== 0) throw new Error(`vite build exited with ${code}`);
}

/** `vite preview` of `outDir` (with the production headers of vite.config.ts) on a free port, until stop(). */
export async function vitePreview(outDir: string, env: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const args = [VITE, 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, new RegExp(`127\\.0\\.0\\.1:${port}`));
  return { url: `http://127.0.0.1:${port}/`, stop: () => void child.kill() };
}
