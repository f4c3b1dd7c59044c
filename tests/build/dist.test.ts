/**
 * The production build: what a first visit downloads stays within budget, and nothing in
 * dist/ is secret or executable inline. Builds once into a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureFirstRender } from './first-render.ts';
import { filesUnder, findSecrets } from './secret-scan.ts';
import { HOST_HEADERS_FILE } from '../../csp.config.ts';
import { parseHostHeaders } from './host-headers.ts';

const FIRST_RENDER_BUDGET_KB = 150;
const ANON_KEY = 'public-anon-key-for-the-build-test';

/** The Content-Security-Policy of a page's meta tag. */
function policyOf(html: string): string | undefined {
  return html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1]?.replaceAll('&#39;', "'");
}
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'news-dist-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
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

  it('fetches 8 scripts for the first render: the theme, the entry, the fetch-news call, and each stage of the entry in one chunk', () => {
    const scripts = measureFirstRender(dist).chunks.map((chunk) => chunk.src.replace(/-[\w-]{8}\.js$/, ''));
    // Modules that the story's page or the later part share with a stage stay in that stage's chunk (vite.config.ts, firstRenderStages).
    expect(scripts.sort()).toEqual(['/assets/boot', '/assets/fetch-news', '/assets/index', '/assets/mount', '/assets/page-actors', '/assets/react', '/assets/rolldown-runtime', '/theme-boot.js']);
    // None of the module scripts comes before the first paint, which the HTML's frame makes: each at a low priority.
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const modules = [...html.matchAll(/<script [^>]*type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
    expect(modules.length).toBe(7);
    expect(modules.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([]);
  });

  it("loads the rest of the page in one part after the first render, and only a story's page, the 404 page, the error page and the sample stories on first use", () => {
    type Chunk = { file: string; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
    const loadedLater = Object.entries(manifest)
      .filter(([, chunk]) => chunk.isDynamicEntry)
      .map(([source]) => source)
      .sort();
    // The later part, and the parts on first use (the first render's stages are chunks of their own, below).
    expect(loadedLater).toEqual(['src/app/ErrorPage.tsx', 'src/app/NotFoundPage.tsx', 'src/app/later/later-part.ts', 'src/domain/samples.ts', 'src/story-page/StoryPage.tsx']);
    // The entry's three stages, each evaluated in a task of its own: React, the page's machines, the rest of the app.
    expect(manifest['index.html']?.dynamicImports?.map((source) => manifest[source]?.file.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['assets/react', 'assets/page-actors', 'assets/mount']);
    const filesOf = (source: string, seen = new Set<string>()): Set<string> => {
      const chunk = manifest[source];
      if (!chunk || seen.has(chunk.file)) return seen;
      seen.add(chunk.file);
      for (const imported of chunk.imports ?? []) filesOf(imported, seen);
      return seen;
    };
    const firstRender = new Set(measureFirstRender(dist).chunks.map((chunk) => chunk.src.replace(/^\//, '')));
    const later = [...filesOf('src/app/later/later-part.ts')].filter((file) => !firstRender.has(file));
    expect(later.length, later.join(', ')).toBeLessThanOrEqual(2);
    const rare = ['src/app/ErrorPage.tsx', 'src/app/NotFoundPage.tsx', 'src/story-page/StoryPage.tsx', 'src/domain/samples.ts'].flatMap((source) => [...filesOf(source)]);
    const scripts = filesUnder(join(dist, 'assets')).map((path) => relative(dist, path).split(sep).join('/')).filter((file) => file.endsWith('.js'));
    expect(scripts.filter((file) => !firstRender.has(file) && !later.includes(file) && !rare.includes(file))).toEqual([]);
  });

  it('keeps the backend client and the sample stories out of the first render', () => {
    const firstRender = measureFirstRender(dist).chunks.map((chunk) => readFileSync(join(dist, chunk.src), 'utf8')).join('\n');
    // Markers of supabase-js's auth client and of the sample stories' links.
    expect(firstRender.includes('GoTrueClient'), 'supabase-js in the first render').toBe(false);
    // The page needs only the functions client: no part of supabase-js is built at all.
    for (const file of filesUnder(dist).filter((path) => path.endsWith('.js'))) {
      expect(/GoTrueClient|RealtimeClient|PostgrestClient/.test(readFileSync(file, 'utf8')), file).toBe(false);
    }
    expect(firstRender.includes('https://example.com/'), 'sample stories in the first render').toBe(false);
  });

  it("checks the browser's language for React Aria without loading the locale data of Intl (vite.config.ts, cheapLocaleCheck)", () => {
    const scripts = filesUnder(join(dist, 'assets')).filter((path) => path.endsWith('.js')).map((path) => readFileSync(path, 'utf8'));
    expect(scripts.filter((code) => code.includes('supportedLocalesOf'))).toEqual([]);
    expect(scripts.filter((code) => code.includes('getCanonicalLocales')).length).toBe(1);
  });

  it('has no inline script and carries a Content-Security-Policy without eval or inline scripts', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(body?.trim()).toBe('');
    }
    const csp = policyOf(html);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain('connect-src \'self\' https://project.example.supabase.co');
  });

  it('ships a robots.txt that allows every crawler everything', () => {
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
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

  it('has a service worker at the root that keeps every file of the build, and links a web app manifest', () => {
    const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
    // A classic worker script: no module syntax, nothing left of the placeholders.
    expect(/^\s*(import|export)\b/m.test(worker)).toBe(false);
    expect(worker).not.toContain('__NEWSROOM_SW_');
    const listed = JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(worker)?.[1] ?? '""') as string) as string[];
    const shipped = filesUnder(dist)
      .map((file) => `/${relative(dist, file).split(sep).join('/')}`)
      // Build metadata (.vite/manifest.json, which the size gate reads) and the hosts' headers file are not part of the site.
      .filter((path) => !path.endsWith('.map') && path !== '/sw.js' && path !== `/${HOST_HEADERS_FILE}` && !path.startsWith('/.vite/'))
      .map((path) => (path === '/index.html' ? '/' : path));
    expect([...listed].sort()).toEqual(shipped.sort());
    expect(listed).toEqual(expect.arrayContaining(['/', '/theme-boot.js', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png']));
    // The head's script is a classic script too, built on its own (scripts/standalone-scripts.ts).
    expect(/^\s*(import|export)\b|\bimport\(/m.test(readFileSync(join(dist, 'theme-boot.js'), 'utf8'))).toBe(false);
    expect(worker).toMatch(/newsroom-/);

    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const manifest = JSON.parse(readFileSync(join(dist, 'manifest.webmanifest'), 'utf8')) as { icons: Array<{ src: string; sizes: string }> };
    for (const icon of manifest.icons) expect(existsSync(join(dist, icon.src)), icon.src).toBe(true);
  });

  it('links a 32 px PNG favicon, which the service worker keeps: Chromium builds an SVG favicon on the main thread after every change of the URL', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const icons = [...html.matchAll(/<link rel="icon" ([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(icons).toHaveLength(1);
    const href = /href="([^"]+)"/.exec(icons[0]!)?.[1] ?? '';
    expect(icons[0]).toContain('type="image/png"');
    expect(icons[0]).toContain('sizes="32x32"');
    const png = readFileSync(join(dist, href));
    // The PNG signature, then IHDR: its width and height.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
    expect(readFileSync(join(dist, 'sw.js'), 'utf8')).toContain(href);
  });

  it('writes the headers file of Netlify and Cloudflare Pages with the policy of its pages, frame-ancestors added', () => {
    const rules = parseHostHeaders(readFileSync(join(dist, HOST_HEADERS_FILE), 'utf8'));
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(rules.get('/*')?.['Content-Security-Policy']).toBe(`${policyOf(html)}; frame-ancestors 'none'`);
    expect(rules.get('/assets/*')?.['Cache-Control']).toContain('immutable');
  });

  it('allows the worker and the manifest in its Content-Security-Policy, from the site only', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1]?.replaceAll('&#39;', "'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
