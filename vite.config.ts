import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { contentSecurityPolicy, securityHeaders } from './csp.config.ts';
import { serviceWorker } from './scripts/service-worker-plugin.ts';

const DEFAULT_BACKEND = 'http://127.0.0.1:54321';

/** Puts the CSP into the built index.html too, for static hosts that cannot send headers. */
function cspMetaTag(backendUrl: string): Plugin {
  return {
    name: 'csp-meta-tag',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(backendUrl).replace(/; frame-ancestors 'none'/, '') }, injectTo: 'head-prepend' },
    ],
  };
}

const FEED_BOOT = 'src/feed-boot.ts';

/**
 * src/feed-boot.ts as a script of its own in index.html, before the app's entry: module
 * scripts run in document order, so it has started the feed call before the app runs and asks
 * for it, and its few small files load beside the app's much larger ones (docs/performance.md).
 * In the build it is an entry chunk beside the app's; the module it shares with the app (the
 * call) is one chunk, one instance.
 */
function feedBootScript(): Plugin {
  let base = '/';
  let building = false;
  return {
    name: 'feed-boot-script',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: FEED_BOOT, name: 'feed-boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = context.bundle
          ? Object.values(context.bundle).find((output) => output.type === 'chunk' && output.isEntry && output.name === 'feed-boot')
          : undefined;
        if (context.bundle && chunk?.type !== 'chunk') throw new Error(`${FEED_BOOT} was not built`);
        const src = chunk ? `${base}${chunk.fileName}` : `/${FEED_BOOT}`;
        const preloads = chunk?.type === 'chunk' ? chunk.imports.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`) : [];
        const tags = [`<script type="module" crossorigin src="${src}"></script>`, ...preloads].join('\n    ');
        const entry = html.search(/<script type="module"/);
        if (entry < 0) throw new Error('index.html has no module script for the feed call to go before');
        return `${html.slice(0, entry)}${tags}\n    ${html.slice(entry)}`;
      },
    },
  };
}

/**
 * A production build is for a real deployment: it needs the project's URL and public anon
 * key (docs/deploy.md), and must never carry a secret key. Development (`npm start`,
 * `vite build --mode development`) keeps the local defaults of src/app/config.ts.
 */
export function productionEnvProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']) {
    if (!env[name]?.trim()) problems.push(`${name} is not set`);
  }
  if (env.VITE_SUPABASE_ANON_KEY?.trim().startsWith('sb_secret_')) {
    problems.push('VITE_SUPABASE_ANON_KEY is a secret key (sb_secret_…); the site needs the public anon (publishable) key');
  }
  return problems;
}

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  if (command === 'build' && mode === 'production') {
    const problems = productionEnvProblems(env);
    if (problems.length > 0) {
      throw new Error(
        `Production build refused: ${problems.join('; ')}.\n` +
          'Set VITE_SUPABASE_URL=https://<project-ref>.supabase.co and VITE_SUPABASE_ANON_KEY=<anon key> (see docs/deploy.md), ' +
          'or build for local use with `vite build --mode development`.',
      );
    }
  }
  const backendUrl = env.VITE_SUPABASE_URL || DEFAULT_BACKEND;
  return {
    plugins: [
      react(),
      // The site is in English: React Aria's strings for other locales stay out of the bundle.
      { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' as const },
      cspMetaTag(backendUrl),
      // dist/sw.js: the site's files kept for offline visits (docs/deploy.md#offline-and-updates).
      serviceWorker(),
      feedBootScript(),
    ],
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173, headers: securityHeaders(backendUrl) },
    build: { target: 'es2022', sourcemap: true },
  };
});
