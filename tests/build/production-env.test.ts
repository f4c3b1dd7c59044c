/**
 * `npm run build` is for a deployment: without the project's URL and public key it stops with a
 * clear message instead of baking in the local defaults, and a secret key is refused both in the
 * configuration and by the scan of the built files.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecrets } from './secret-scan.ts';

function productionBuild(env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), 'news-build-env-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    env: { ...clean, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  rmSync(outDir, { recursive: true, force: true });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run build (production)', () => {
  it.each([
    [{}, 'VITE_SUPABASE_URL is not set; VITE_SUPABASE_ANON_KEY is not set'],
    [{ VITE_SUPABASE_URL: 'https://project.example.supabase.co' }, 'VITE_SUPABASE_ANON_KEY is not set'],
    [{ VITE_SUPABASE_ANON_KEY: 'public-anon-key' }, 'VITE_SUPABASE_URL is not set'],
    [{ VITE_SUPABASE_URL: 'https://project.example.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_secret_0123456789abcdef' }, 'VITE_SUPABASE_ANON_KEY is a secret key'],
  ])('with %j fails, saying: %s', (env, message) => {
    const { status, output } = productionBuild(env);
    expect(status).not.toBe(0);
    expect(output).toContain(`Production build refused: ${message}`);
    expect(output).toContain('docs/deploy.md');
  }, 120_000);
});

describe('the scan of the built files', () => {
  const payload = (role: string) => Buffer.from(JSON.stringify({ iss: 'supabase', role })).toString('base64url');
  const jwt = (role: string) => `eyJhbGciOiJIUzI1NiJ9.${payload(role)}.c2lnbmF0dXJlLXNpZ25hdHVyZQ`;

  it('refuses Supabase secret keys and non-anon JWTs, and lets public keys through', () => {
    const dir = mkdtempSync(join(tmpdir(), 'news-scan-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets/public.js'), `const a="sb_publishable_abcdefghijkl";const b="${jwt('anon')}";`);
      expect(findSecrets(dir)).toEqual([]);
      writeFileSync(join(dir, 'assets/secret.js'), 'const key="sb_secret_AbCdEf0123456789";');
      writeFileSync(join(dir, 'assets/service.js'), `const key="${jwt('service_role')}";`);
      const findings = findSecrets(dir);
      expect(findings).toHaveLength(2);
      expect(findings.find((line) => line.includes('secret.js'))).toContain('sb_secret_');
      expect(findings.find((line) => line.includes('service.js'))).toContain('role service_role');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
