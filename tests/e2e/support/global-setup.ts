/**
 * Once per `npm run test:e2e`:
 * 1. builds the site into dist-e2e/ against the stand-in backend (VITE_SUPABASE_URL=http://127.0.0.1:54329);
 * 2. serves it with `vite preview` on port 4319 (the production security headers, CSP included);
 * 3. serves the fixture feeds and images over loopback HTTP and writes a sources file naming them;
 * 4. starts the real functions on Deno (`npm run functions`) with that file on a free port, a fresh
 *    embedded store and NEWS_ALLOW_LOOPBACK=1 (the function refuses loopback feeds otherwise), and
 *    waits for their first ingest of the fixture feeds.
 * The test files start the stand-in backend themselves (support/backend.ts); it proxies to the function.
 *
 * E2E_SKIP_BUILD=1 reuses an existing dist-e2e/ (and keeps it); E2E_KEEP_DIST=1 keeps it after the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, INGEST_DONE, runScript, waitForOutput } from '../../function/helpers/function-process.ts';
import { FIXTURE_SOURCES } from './feeds.ts';
import { startFixtureServer } from './fixture-server.ts';
import { ANON_KEY, BACKEND_PORT, BACKEND_URL, DIST_DIR, FUNCTION_PATH, PREVIEW_PORT, REPO_ROOT, SITE } from './paths.ts';

export const VITE_BIN = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real fetch-news function on Deno, which the stand-in backend proxies to. */
    functionEndpoint: string;
    /** Origin of the loopback server with the fixture feeds, images and story pages. */
    fixtureOrigin: string;
  }
}

/**
 * The environment for Vite. Vitest sets NODE_ENV=test in this process; passed on to `vite build`
 * it would produce React's development build (StrictMode's doubled effects, dev warnings).
 */
export function viteEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'production', ...extra };
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

export async function waitForHttp(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Fails with a clear message when something else already listens on 127.0.0.1:port. */
async function requireFreePort(port: number, what: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`Port ${port} on 127.0.0.1 is in use, so ${what} cannot start. Stop whatever uses it and run again.`);
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  const reuse = process.env.E2E_SKIP_BUILD === '1' && existsSync(join(DIST_DIR, 'index.html'));
  const keep = reuse || process.env.E2E_KEEP_DIST === '1';
  const cleanups: (() => Promise<void> | void)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    await requireFreePort(PREVIEW_PORT, '`vite preview` of the e2e build');
    await requireFreePort(BACKEND_PORT, 'the stand-in backend');
    if (!reuse) {
      await run(process.execPath, [VITE_BIN, 'build', '--outDir', DIST_DIR, '--emptyOutDir'], viteEnv({ VITE_SUPABASE_URL: BACKEND_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY }));
    }
    if (!keep) cleanups.push(() => rmSync(DIST_DIR, { recursive: true, force: true }));

    // `npx vite preview`, without npx in between so that stopping it stops the server.
    const preview = spawn(process.execPath, [VITE_BIN, 'preview', '--outDir', DIST_DIR, '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1'], {
      cwd: REPO_ROOT,
      // vite.config.ts builds the CSP header's connect-src from this.
      env: viteEnv({ VITE_SUPABASE_URL: BACKEND_URL }),
      stdio: 'ignore',
    });
    let stopping = false;
    cleanups.push(() => {
      stopping = true;
      return stop(preview);
    });
    preview.once('exit', (code) => {
      if (!stopping) console.error(`vite preview stopped early (exit code ${code}): the e2e tests cannot reach the site`);
    });
    await waitForHttp(SITE, 30_000);

    const fixtures = await startFixtureServer();
    cleanups.push(() => fixtures.close());

    const dir = mkdtempSync(join(tmpdir(), 'news-e2e-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sourcesFile = join(dir, 'sources.json');
    writeFileSync(
      sourcesFile,
      JSON.stringify(FIXTURE_SOURCES.map((source) => ({ name: source.name, url: `${fixtures.origin}${source.feed}`, category: source.category }))),
    );

    const port = await freePort();
    const functionEndpoint = `http://127.0.0.1:${port}${FUNCTION_PATH}`;
    // The fixture feeds are on loopback: the function fetches them only with NEWS_ALLOW_LOOPBACK=1.
    const fn = runScript('functions.mjs', { FUNCTIONS_PORT: String(port), NEWS_SOURCES_FILE: sourcesFile, NEWS_ALLOW_LOOPBACK: '1', NEWS_STORE_DIR: join(dir, 'store') });
    cleanups.push(() => stop(fn.child));
    await waitForOutput(fn, `listening on ${functionEndpoint}`, 120_000);
    // The first ingest of the fixture feeds into the embedded store (a fresh one in the temp dir).
    await waitForOutput(fn, INGEST_DONE, 60_000);

    project.provide('functionEndpoint', functionEndpoint);
    project.provide('fixtureOrigin', fixtures.origin);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
