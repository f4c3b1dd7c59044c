/**
 * `npm run build` writes dist/ whatever is set, taking the local defaults for the backend
 * settings left unset and saying so; a deployment build (`npm run build:deploy`, or a build on a
 * hosting platform) stops with a clear message instead of baking those defaults in; a secret key
 * is refused by every build, in the configuration and by the scan of the built files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendEnvCheck } from '../../vite.config.ts';
import { findSecrets } from './secret-scan.ts';

const HOSTING = ['NETLIFY', 'VERCEL', 'CF_PAGES', 'RENDER'];

/** `vite build` in a child with only `env`'s backend settings (and no hosting variables unless given). */
function build(env: Record<string, string>, args: string[] = []) {
  const outDir = mkdtempSync(join(tmpdir(), 'news-build-env-'));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_') && !HOSTING.includes(name)));
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...args, '--outDir', outDir, '--logLevel', 'error'], {
    env: { ...clean, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  try {
    const indexHtml = join(outDir, 'index.html');
    const page = existsSync(indexHtml) ? readFileSync(indexHtml, 'utf8') : null;
    const assets = existsSync(join(outDir, 'assets')) ? readdirSync(join(outDir, 'assets')) : [];
    return { status: result.status, output: `${result.stdout}${result.stderr}`, page, assets };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

describe('npm run build', () => {
  it('with nothing set writes dist/ for the local function, and says which defaults it took', () => {
    const { status, output, page, assets } = build({});
    expect(status).toBe(0);
    expect(output).toContain('Building for local use: VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY not set, so this site uses the local function at http://127.0.0.1:54321 and the local development key.');
    expect(output).toContain('npm run build:deploy');
    // The page may call the default backend (its CSP names it) and has its hashed assets.
    expect(page).toMatch(/connect-src \S+ http:\/\/127\.0\.0\.1:54321[;"]/);
    expect(assets.some((name) => /-[\w-]{8}\.js$/.test(name))).toBe(true);
  }, 120_000);

  it('with both set says nothing about defaults', () => {
    const { status, output } = build({ VITE_SUPABASE_URL: 'https://project.example.supabase.co', VITE_SUPABASE_ANON_KEY: 'public-anon-key' });
    expect(status).toBe(0);
    expect(output).not.toContain('Building for local use');
  }, 120_000);

  it.each([
    [{ VITE_SUPABASE_URL: 'https://project.example.supabase.co' }, 'VITE_SUPABASE_ANON_KEY is not set'],
    [{ VITE_SUPABASE_URL: 'https://project.example.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_secret_0123456789abcdef' }, 'VITE_SUPABASE_ANON_KEY is a secret key'],
    [{ NETLIFY: 'true' }, 'VITE_SUPABASE_URL is not set; VITE_SUPABASE_ANON_KEY is not set'],
  ])('with %j fails, saying: %s', (env, message) => {
    const { status, output, page } = build(env);
    expect(status).not.toBe(0);
    expect(output).toContain(`Production build refused: ${message}`);
    expect(output).toContain('docs/deploy.md');
    expect(page).toBeNull();
  }, 120_000);
});

describe('npm run build:deploy', () => {
  it.each([
    [{}, 'VITE_SUPABASE_URL is not set; VITE_SUPABASE_ANON_KEY is not set'],
    [{ VITE_SUPABASE_ANON_KEY: 'public-anon-key' }, 'VITE_SUPABASE_URL is not set'],
  ])('with %j fails, saying: %s', (env, message) => {
    const { status, output, page } = build(env, ['--mode', 'deploy']);
    expect(status).not.toBe(0);
    expect(output).toContain(`Production build refused: ${message}`);
    expect(page).toBeNull();
  }, 120_000);
});

describe('backendEnvCheck', () => {
  const url = 'https://project.example.supabase.co';
  it('lets a local build default what is unset, and names it', () => {
    expect(backendEnvCheck({}, { deploy: false })).toEqual({ problems: [], defaulted: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] });
    expect(backendEnvCheck({ VITE_SUPABASE_URL: 'http://127.0.0.1:4391' }, { deploy: false })).toEqual({ problems: [], defaulted: ['VITE_SUPABASE_ANON_KEY'] });
    expect(backendEnvCheck({ VITE_SUPABASE_URL: 'http://localhost:9000', VITE_SUPABASE_ANON_KEY: ' ' }, { deploy: false })).toEqual({ problems: [], defaulted: ['VITE_SUPABASE_ANON_KEY'] });
    expect(backendEnvCheck({ VITE_SUPABASE_ANON_KEY: 'key' }, { deploy: false })).toEqual({ problems: [], defaulted: ['VITE_SUPABASE_URL'] });
    expect(backendEnvCheck({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'key' }, { deploy: false })).toEqual({ problems: [], defaulted: [] });
  });
  it('refuses a remote project without a key, a secret key, and a deployment missing either', () => {
    expect(backendEnvCheck({ VITE_SUPABASE_URL: url }, { deploy: false }).problems).toEqual(['VITE_SUPABASE_ANON_KEY is not set']);
    expect(backendEnvCheck({ VITE_SUPABASE_URL: 'not a url' }, { deploy: false }).problems).toEqual(['VITE_SUPABASE_ANON_KEY is not set']);
    expect(backendEnvCheck({ VITE_SUPABASE_URL: 'http://127.0.0.1:4391', VITE_SUPABASE_ANON_KEY: 'sb_secret_x' }, { deploy: false }).problems).toEqual([
      'VITE_SUPABASE_ANON_KEY is a secret key (sb_secret_…); the site needs the public anon (publishable) key',
    ]);
    expect(backendEnvCheck({ VITE_SUPABASE_URL: 'http://127.0.0.1:4391' }, { deploy: true })).toEqual({ problems: ['VITE_SUPABASE_ANON_KEY is not set'], defaulted: [] });
    expect(backendEnvCheck({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'key' }, { deploy: true })).toEqual({ problems: [], defaulted: [] });
  });
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
