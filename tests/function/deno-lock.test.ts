// Supply chain: the function's npm imports are pinned to exact versions, locked with their
// integrity in deno.lock (which Deno refuses to run against when it is out of date), and the
// locked versions are the ones the Node tests run (package-lock.json, same integrity).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_DIR, REPO_ROOT } from './helpers/paths.ts';

interface DenoJson {
  imports: Record<string, string>;
  lock: { path: string; frozen: boolean };
}
interface DenoLock {
  specifiers: Record<string, string>;
  npm: Record<string, { integrity: string }>;
}

/** The three functions' entries, the local router and `npm run ingest`'s script (supabase/local). */
const ENTRIES = ['functions/fetch-news/index.ts', 'functions/ingest-news/index.ts', 'functions/follow-news/index.ts', 'local/serve-local.ts', 'local/ingest-once.ts'];
const denoJson = JSON.parse(readFileSync(join(FUNCTION_DIR, 'deno.json'), 'utf8')) as DenoJson;
const denoLock = JSON.parse(readFileSync(join(FUNCTION_DIR, 'deno.lock'), 'utf8')) as DenoLock;
const packageLock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; integrity?: string }> };

describe('the function’s dependencies', () => {
  it('are imported at exact versions, with a frozen lock file', () => {
    const specifiers = Object.values(denoJson.imports);
    expect(specifiers.length).toBeGreaterThan(0);
    for (const specifier of specifiers) expect(specifier).toMatch(/^npm:(@[a-z0-9-]+\/)?[a-z0-9.-]+@\d+\.\d+\.\d+$/);
    expect(denoJson.lock).toEqual({ path: './deno.lock', frozen: true });
    expect(Object.keys(denoLock.specifiers).sort()).toEqual([...specifiers].sort());
  });

  it('are locked at the versions and integrity the Node tests use', () => {
    expect(Object.keys(denoLock.npm).length).toBeGreaterThan(1); // transitive dependencies too
    for (const [key, { integrity }] of Object.entries(denoLock.npm)) {
      const at = key.lastIndexOf('@');
      const installed = packageLock.packages[`node_modules/${key.slice(0, at)}`];
      expect(installed, key).toEqual(expect.objectContaining({ version: key.slice(at + 1), integrity }));
    }
  });

  it('type-check on Deno against the frozen lock, offline, from the project’s node_modules: every entry', () => {
    const deno = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
    const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
    try {
      const result = spawnSync(
        deno,
        ['check', '--quiet', '--frozen', '--cached-only', '--node-modules-dir=manual', `--config=${join(FUNCTION_DIR, 'deno.json')}`, ...ENTRIES.map((entry) => join(REPO_ROOT, 'supabase', entry))],
        { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, DENO_DIR: denoDir } },
      );
      expect(result.stderr + result.stdout).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(denoDir, { recursive: true, force: true });
    }
  }, 60_000);
});
