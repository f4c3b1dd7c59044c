import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentSecurityPolicy, HOST_HEADERS_FILE, hostHeadersFile, securityHeaders } from './csp.config.ts';
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
 * Hosting platforms' build environments: a build there is a deployment, whatever command it runs.
 * (Netlify, Vercel, Cloudflare Pages, Render; each sets this variable in its builds.)
 */
const HOSTING_BUILD_VARIABLES = ['NETLIFY', 'VERCEL', 'CF_PAGES', 'RENDER'] as const;

/**
 * The backend settings a build takes (docs/deploy.md). `npm run build` writes dist/ with the
 * local defaults of src/feed/backend.ts for whatever is not set (docs/product.md#configuration-and-commands),
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
      react(),
      // The site is in English: React Aria's strings for other locales stay out of the bundle.
      { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' as const },
      cspMetaTag(backendUrl),
      previewSecurityHeaders(backendUrl),
      hostHeaders(backendUrl),
      // /theme-boot.js, and dist/sw.js: the site's files kept for offline visits (docs/deploy.md#offline-and-updates).
      standaloneScripts(),
    ],
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    // No modulepreload polyfill: every browser since 2023 preloads by itself, older ones find the same chunks by their imports.
    build: { target: 'es2022', sourcemap: true, modulePreload: { polyfill: false } },
  };
});
