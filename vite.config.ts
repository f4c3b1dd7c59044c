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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const backendUrl = env.VITE_SUPABASE_URL || DEFAULT_BACKEND;
  return {
    plugins: [
      react(),
      // The site is in English: React Aria's strings for other locales stay out of the bundle.
      { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' as const },
      cspMetaTag(backendUrl),
      // dist/sw.js: the site's files kept for offline visits (docs/deploy.md#offline-and-updates).
      serviceWorker(),
    ],
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173, headers: securityHeaders(backendUrl) },
    build: { target: 'es2022', sourcemap: true },
  };
});
