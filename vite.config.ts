import { defineConfig, type HtmlTagDescriptor, loadEnv, type Plugin, type PluginOption, type Rollup } from 'vite';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy, HOST_HEADERS_FILE, hostHeadersFile, securityHeaders } from './csp.config.ts';
import { prerenderFrame } from './scripts/prerender.ts';
import { standaloneScripts } from './scripts/standalone-scripts.ts';

const DEFAULT_BACKEND = 'http://127.0.0.1:54321';

/** Puts the CSP into the built index.html too, for static hosts that cannot send headers. */
function cspMetaTag(backendUrl: string): Plugin {
  return {
    name: 'csp-meta-tag',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(backendUrl).replace(/; frame-ancestors 'none'/, '') },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** `vite preview` sends the security headers (frame-ancestors included, which a meta tag cannot carry). */
function previewSecurityHeaders(backendUrl: string): Plugin {
  return {
    name: 'preview-security-headers',
    configurePreviewServer(server) {
      const headers = securityHeaders(backendUrl);
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * `dist/_headers` for hosts that read it (Netlify, Cloudflare Pages): the same headers as the
 * preview's (docs/security.md). Written beside the bundle, not into it: the service worker does
 * not keep it, and these hosts do not serve it.
 */
function hostHeaders(backendUrl: string): Plugin {
  return {
    name: 'host-headers-file',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return this.error(`${HOST_HEADERS_FILE} goes beside the bundle, and this build has no output folder`);
      writeFileSync(join(options.dir, HOST_HEADERS_FILE), hostHeadersFile(backendUrl));
    },
  };
}

/**
 * What index.html's head loads besides the entry (docs/product.md#the-page-before-its-scripts):
 * - src/api/boot.ts, an entry of its own, as a small async module script: it starts the first
 *   call its address asks for (the feed, or a story's) as soon as it arrives, long before the
 *   app's code has; the app's first call of the same takes it;
 * - a modulepreload of every chunk the entry (src/main.tsx) imports on its own schedule (React,
 *   then the app) and of the boot script's imports, so that all of it downloads at once while
 *   its evaluation waits for the first paint.
 * The dev server loads the boot script the same way.
 */
function headScripts(): Plugin {
  const boot = 'src/api/boot.ts';
  return {
    name: 'newsroom-head-scripts',
    config: () => ({ build: { rollupOptions: { input: { index: 'index.html', boot } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const script = (src: string): HtmlTagDescriptor => ({ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, fetchpriority: 'low', src }, injectTo: 'head' });
        if (!bundle) return [script(`/${boot}`)];
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const entry = (name: string) => {
          const chunk = chunks.find((candidate) => candidate.isEntry && candidate.name === name);
          if (!chunk) throw new Error(`index.html's ${name} entry was not built`);
          return chunk;
        };
        const [bootChunk, indexChunk] = [entry('boot'), entry('index')];
        // Every chunk these need, in the order they are needed.
        const needed = new Set<string>();
        const add = (fileName: string) => {
          if (needed.has(fileName)) return;
          needed.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) add(imported);
        };
        for (const fileName of [...bootChunk.imports, ...indexChunk.dynamicImports]) add(fileName);
        // All of it at a low priority: the first paint needs none of it (the HTML has the frame).
        const preloads = [...needed]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, fetchpriority: 'low' },
            injectTo: 'head',
          }));
        return {
          // The entry waits for the first paint anyway: a low priority too, as the preloads Vite writes for its imports.
          html: html
            .replace(new RegExp(`<script type="module" crossorigin src="/${indexChunk.fileName}"`), (tag) => tag.replace('<script ', '<script fetchpriority="low" '))
            .replace(/<link rel="modulepreload" crossorigin href="[^"]+"(?= *>)/g, (tag) => `${tag} fetchpriority="low"`),
          tags: [script(`/${bootChunk.fileName}`), ...preloads],
        };
      },
    },
  };
}

/**
 * React Aria's focus-visible module adds a `beforeunload` listener that only tears its own
 * listeners down as the page goes; the page registers none, so that a browser may keep it for
 * Back (docs/product.md#decisions-where-the-brief-was-silent). The build leaves it out, and stops
 * if React Aria's code no longer has it where expected.
 */
function noUnloadListener(): Plugin {
  const file = /\/react-aria\/dist\/private\/interactions\/useFocusVisible\.mjs$/;
  const listener = /windowObject\.addEventListener\('beforeunload', \(\)=>\{[^}]*\}, \{\s*once: true\s*\}\);/;
  return {
    name: 'no-unload-listener',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!listener.test(code)) this.error(`React Aria's beforeunload listener is no longer where the build expects it (${id})`);
      return { code: code.replace(listener, ''), map: null };
    },
  };
}

/**
 * React Aria checks the browser's language as its module loads, by whether
 * `Intl.DateTimeFormat.supportedLocalesOf` throws on it. That first Intl call loads ICU's locale
 * data, the longest part of the later part's evaluation at 4x CPU (docs/performance-experiments.md);
 * `Intl.getCanonicalLocales` throws on the same tags and loads nothing. The build swaps them, and
 * stops if React Aria's code no longer has the call where expected.
 */
function cheapLocaleCheck(): Plugin {
  const file = /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/;
  const check = /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);/;
  return {
    name: 'cheap-locale-check',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!check.test(code)) this.error(`React Aria's locale check is no longer where the build expects it (${id})`);
      return { code: code.replace(check, 'Intl.getCanonicalLocales(locale);'), map: null };
    },
  };
}

/** What a `codeSplitting` group's name function is given of the module graph. */
type ChunkingContext = { getModuleInfo(id: string): { importedIds: string[] } | null };

/**
 * The first render's later stages (src/main.tsx), one chunk each: a module that a stage reaches by
 * static imports, and that neither entry nor an earlier stage reaches, goes in that stage's chunk,
 * even when a part loaded later (the later part, a story's page) uses it too. Left to itself the
 * bundler gives each set of modules shared with such a part a chunk of its own: a first visit
 * then fetched 12 scripts instead of 8 (docs/performance-experiments.md). Captured modules' imports stay
 * where this rule puts them (`includeDependenciesRecursively: false`), so no stage pulls in an
 * earlier one's modules.
 */
function firstRenderStages(): (id: string, context: ChunkingContext) => string | null {
  const path = (file: string) => join(import.meta.dirname, file);
  const entries = [path('src/main.tsx'), path('src/api/boot.ts')];
  const stages = [
    ['page-actors', path('src/app/page-actors.ts')],
    ['mount', path('src/app/mount.tsx')],
  ] as const;
  const stageOf = (context: ChunkingContext) => {
    const reached = new Set<string>();
    const stage = new Map<string, string>();
    const reach = (from: string, name?: string) => {
      const queue = [from];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        if (name) stage.set(id, name);
        queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
      }
    };
    for (const entry of entries) reach(entry);
    for (const [name, module] of stages) reach(module, name);
    return stage;
  };
  // Worked out once per chunking pass (a watched build has several).
  const passes = new WeakMap<ChunkingContext, Map<string, string>>();
  return (id, context) => {
    const stage = passes.get(context) ?? stageOf(context);
    passes.set(context, stage);
    return stage.get(id) ?? null;
  };
}

/**
 * Hosting platforms' build environments: a build there is a deployment, whatever command it runs.
 * (Netlify, Vercel, Cloudflare Pages, Render; each sets this variable in its builds.)
 */
const HOSTING_BUILD_VARIABLES = ['NETLIFY', 'VERCEL', 'CF_PAGES', 'RENDER'] as const;

/**
 * The backend settings a build takes (docs/deploy.md). `npm run build` writes dist/ with the
 * local defaults of src/api/functions.ts for whatever is not set (docs/product.md#configuration-and-commands),
 * and says so (`defaulted`). A deployment must not ship them: it is refused (`problems`) when
 * built with `npm run build:deploy` (`--mode deploy`) or on a hosting platform's build, and
 * whenever the URL names a remote project but no key is set. Every build refuses a secret key.
 */
export function backendEnvCheck(
  env: Record<string, string | undefined>,
  { deploy }: { deploy: boolean },
): { problems: string[]; defaulted: string[] } {
  const missing = (['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const).filter((name) => !env[name]?.trim());
  const problems: string[] = [];
  if (env.VITE_SUPABASE_ANON_KEY?.trim().startsWith('sb_secret_')) {
    problems.push('VITE_SUPABASE_ANON_KEY is a secret key (sb_secret_…); the site needs the public anon (publishable) key');
  }
  const url = env.VITE_SUPABASE_URL?.trim();
  const remote = url !== undefined && url !== '' && !isLoopbackUrl(url);
  if (deploy || (remote && missing.includes('VITE_SUPABASE_ANON_KEY'))) {
    problems.unshift(...missing.map((name) => `${name} is not set`));
    return { problems, defaulted: [] };
  }
  return { problems, defaulted: missing };
}

function isLoopbackUrl(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  } catch {
    return false;
  }
}

/**
 * What turns the components into the page: JSX, and styled-components' class names made from
 * each component's file and place, not from the order modules ran in, so that the frame
 * rendered at build time and the page hydrating it name every class alike.
 */
export function components(): PluginOption[] {
  return [react(), babel({ plugins: [['babel-plugin-styled-components', { ssr: true, displayName: false, fileName: false, pure: true }]] })];
}

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build') {
    const deploy = mode === 'deploy' || HOSTING_BUILD_VARIABLES.some((name) => Boolean(process.env[name]));
    const { problems, defaulted } = backendEnvCheck(env, { deploy });
    if (problems.length > 0) {
      throw new Error(
        `Production build refused: ${problems.join('; ')}.\n` +
          'Set VITE_SUPABASE_URL=https://<project-ref>.supabase.co and VITE_SUPABASE_ANON_KEY=<anon key> (see docs/deploy.md).',
      );
    }
    if (defaulted.length > 0) {
      const what = defaulted.map((name) => (name === 'VITE_SUPABASE_URL' ? `the local function at ${DEFAULT_BACKEND}` : 'the local development key'));
      process.stderr.write(
        `\nBuilding for local use: ${defaulted.join(' and ')} not set, so this site uses ${what.join(' and ')}. ` +
          'For a deployment, set both and run `npm run build:deploy` (docs/deploy.md).\n\n',
      );
    }
  }
  const backendUrl = env.VITE_SUPABASE_URL || DEFAULT_BACKEND;
  return {
    plugins: [
      ...components(),
      // The site is in English: React Aria's strings for other locales stay out of the bundle.
      { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' as const },
      cspMetaTag(backendUrl),
      noUnloadListener(),
      cheapLocaleCheck(),
      headScripts(),
      // index.html and 404.html with the page's frame in them, by the components above.
      prerenderFrame(components),
      previewSecurityHeaders(backendUrl),
      hostHeaders(backendUrl),
      // /theme-boot.js, and dist/sw.js: the site's files kept for offline visits (docs/deploy.md#offline-and-updates).
      standaloneScripts(),
    ],
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    // No modulepreload polyfill: every browser since 2023 preloads by itself, older ones find the same chunks by their imports.
    build: {
      target: 'es2022',
      sourcemap: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // React and its DOM client in one chunk (src/main.tsx evaluates them in a task of their own): one request and one compression window.
              { name: 'react', test: /node_modules\/(react|react-dom|scheduler|use-sync-external-store)\// },
              { name: firstRenderStages(), debugName: 'first-render stages', includeDependenciesRecursively: false },
            ],
          },
        },
      },
    },
  };
});
