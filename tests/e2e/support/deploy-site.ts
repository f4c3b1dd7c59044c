/**
 * Two versions of the site on one host, for tests/e2e/deploy.e2e.ts: the run's build (dist-e2e/)
 * and a second build in which every hashed file has another name (support/next-version.config.ts),
 * served by `vite preview` (the production headers) from one folder that `serve()` fills with
 * either version, the other's files gone, as a host does after a deploy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../function/helpers/function-process.ts';
import { run, stop, VITE_BIN, viteEnv, waitForHttp } from './global-setup.ts';
import { ANON_KEY, BACKEND_URL, DIST_DIR, REPO_ROOT } from './paths.ts';

export type Version = 'first' | 'next';

export interface DeploySite {
  /** The site's origin, e.g. http://127.0.0.1:40123. */
  readonly origin: string;
  /** Each version's entry script (`/assets/index-….js`), as its index.html names it. */
  readonly entry: Record<Version, string>;
  /** Every hashed file of each version (under assets/). */
  readonly hashedFiles: Record<Version, string[]>;
  /** Each version's service worker script. */
  readonly worker: Record<Version, string>;
  /** The host serves this version from now on, and nothing of the other. */
  serve(version: Version): void;
  close(): Promise<void>;
}

function entryOf(dir: string): string {
  const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error(`${dir}/index.html names no entry script`);
  return entry;
}

export async function startDeploySite(): Promise<DeploySite> {
  const dir = mkdtempSync(join(tmpdir(), 'news-deploy-'));
  const dirs: Record<Version, string> = { first: DIST_DIR, next: join(dir, 'next') };
  const served = join(dir, 'site');
  let preview: ChildProcess | undefined;
  try {
    await run(
      process.execPath,
      [VITE_BIN, 'build', '--config', join(REPO_ROOT, 'tests/e2e/support/next-version.config.ts'), '--outDir', dirs.next, '--emptyOutDir', '--logLevel', 'warn'],
      viteEnv({ VITE_SUPABASE_URL: BACKEND_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY }),
    );
    const serve = (version: Version) => {
      rmSync(served, { recursive: true, force: true });
      cpSync(dirs[version], served, { recursive: true });
    };
    serve('first');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    preview = spawn(process.execPath, [VITE_BIN, 'preview', '--outDir', served, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: REPO_ROOT,
      env: viteEnv({ VITE_SUPABASE_URL: BACKEND_URL }),
      stdio: 'ignore',
    });
    await waitForHttp(origin, 30_000);
    const running = preview;
    return {
      origin,
      entry: { first: entryOf(dirs.first), next: entryOf(dirs.next) },
      hashedFiles: { first: readdirSync(join(dirs.first, 'assets')), next: readdirSync(join(dirs.next, 'assets')) },
      worker: { first: readFileSync(join(dirs.first, 'sw.js'), 'utf8'), next: readFileSync(join(dirs.next, 'sw.js'), 'utf8') },
      serve,
      async close() {
        await stop(running);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stop(preview);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
