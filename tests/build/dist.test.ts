/**
 * The production build: what a first visit downloads stays within budget, and nothing in
 * dist/ is secret or executable inline. Builds once into a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureFirstRender } from '../../scripts/bench/bundle-size.mjs';
import { filesUnder, findSecrets } from './secret-scan.ts';

const FIRST_RENDER_BUDGET_KB = 150;
const ANON_KEY = 'public-anon-key-for-the-build-test';
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'news-dist-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    // Vitest sets NODE_ENV=test, which would make this a development build.
    env: { ...process.env, NODE_ENV: 'production', VITE_SUPABASE_URL: 'https://project.example.supabase.co', VITE_SUPABASE_ANON_KEY: ANON_KEY },
    stdio: 'pipe',
  });
}, 180_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built site', () => {
  it(`needs at most ${FIRST_RENDER_BUDGET_KB} KB of gzipped JavaScript for the first render`, () => {
    const { totalGzip, packages } = measureFirstRender(dist);
    const kb = totalGzip / 1024;
    console.info(`first-render JavaScript: ${kb.toFixed(1)} KB gzip; ${packages.slice(0, 6).map((p) => `${p.name} ${(p.gzip / 1024).toFixed(1)}`).join(', ')}`);
    expect(kb).toBeLessThanOrEqual(FIRST_RENDER_BUDGET_KB);
  });

  it('keeps the backend client and the sample stories out of the first render', () => {
    const firstRender = measureFirstRender(dist).chunks.map((chunk) => readFileSync(join(dist, chunk.src), 'utf8')).join('\n');
    // Markers of supabase-js's auth client and of the sample stories' links.
    expect(firstRender.includes('GoTrueClient'), 'supabase-js in the first render').toBe(false);
    expect(firstRender.includes('https://example.com/'), 'sample stories in the first render').toBe(false);
  });

  it('has no inline script and carries a Content-Security-Policy without eval', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(body?.trim()).toBe('');
    }
    const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1]?.replaceAll('&#39;', "'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain('connect-src \'self\' https://project.example.supabase.co');
  });

  it('holds nothing of the Stately inspector, which only the dev server loads (?inspect)', () => {
    for (const file of filesUnder(dist)) {
      if (file.endsWith('.map')) {
        // Which modules went into the bundle, by path.
        const { sources } = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] };
        expect(sources.filter((source) => source.includes('@statelyai/') || source.endsWith('src/app/inspector.ts')), file).toEqual([]);
      } else {
        // The inspector's own URL and package name, as they appear in its code.
        const text = readFileSync(file, 'utf8');
        expect(/stately\.ai\/inspect|@statelyai\/inspect|createBrowserInspector/.test(text), file).toBe(false);
      }
    }
  });

  it('contains no code that evaluates strings', () => {
    for (const file of filesUnder(dist).filter((path) => path.endsWith('.js'))) {
      const code = readFileSync(file, 'utf8');
      expect(/\beval\(|new Function\(/.test(code), file).toBe(false);
    }
  });

  it('holds no secret beyond the public anon key', () => {
    expect(findSecrets(dist)).toEqual([]);
    expect(filesUnder(dist).some((file) => readFileSync(file, 'utf8').includes(ANON_KEY))).toBe(true);
  });
});
