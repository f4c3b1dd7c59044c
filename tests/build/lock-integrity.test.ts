// .ci/lock-integrity.mjs, which CI runs before `npm ci`: integrity for every package-lock.json
// entry but the listed ones the registry mirror cannot hash.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const check = (lockFile?: string) =>
  spawnSync(process.execPath, ['.ci/lock-integrity.mjs', ...(lockFile ? [lockFile] : [])], { encoding: 'utf8' });

describe('the lockfile integrity check', () => {
  it('passes on the committed package-lock.json, naming the five excused entries and why', () => {
    const result = check();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('5 entries without integrity, by exception');
    for (const name of ['darwin-arm64', 'darwin-x64', 'linux-arm64-glibc', 'win32-arm64', 'win32-x64']) {
      expect(result.stdout).toContain(`node_modules/@deno/${name}@2.9.6`);
    }
    expect(result.stdout).toContain('registry mirror');
  });

  it('fails on any other entry without integrity, and on an excused entry at another version', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string; integrity?: string }> };
    const victim = Object.keys(lock.packages).find((path) => path.endsWith('/entities') && lock.packages[path]?.integrity) as string;
    delete lock.packages[victim]?.integrity;
    const deno = lock.packages['node_modules/@deno/win32-x64'];
    if (deno) deno.version = '2.9.7';
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    try {
      writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
      const result = check(join(dir, 'package-lock.json'));
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${victim}@`);
      expect(result.stderr).toContain('node_modules/@deno/win32-x64@2.9.7: no integrity (the exception is for 2.9.6 only)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
