/**
 * The Content-Security-Policy of the built site (docs/security.md). No eval and no inline
 * script: the theme's code (/theme-boot.js, built from src/appearance/theme-boot.ts) and the app's are files.
 * styled-components inserts <style> elements at run time, which a static site cannot give a
 * per-response nonce, so style-src allows inline styles; styles cannot run code.
 */
export function contentSecurityPolicy(backendUrl: string): string {
  const backend = new URL(backendUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Story images come from any publisher's host.
    "img-src 'self' https: http: data:",
    `connect-src 'self' ${backend}`,
    "font-src 'self'",
    // The service worker (/sw.js) and the web app manifest, both the site's own files.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers for `npm run preview` and for static hosts that can send them (docs/security.md). */
export function securityHeaders(backendUrl: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(backendUrl),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** The file hosts such as Netlify and Cloudflare Pages read their response headers from. */
export const HOST_HEADERS_FILE = '_headers';

/** What a host must revalidate on every request: the page and the service worker (docs/deploy.md#offline-and-updates). */
const REVALIDATED_PATHS = ['/', '/index.html', '/sw.js'];

/**
 * `dist/_headers`, in the format Netlify and Cloudflare Pages share: the security headers of
 * this build on every path (the policy with `frame-ancestors`, which the page's meta tag cannot carry), the hashed files cached for a
 * year, the page and the worker revalidated. No header is set by two rules that match the
 * same path: Cloudflare joins such values with a comma.
 */
export function hostHeadersFile(backendUrl: string): string {
  const rule = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    '# Made by the build (vite.config.ts, csp.config.ts) for hosts that read it; other hosts: docs/security.md.',
    rule('/*', securityHeaders(backendUrl)),
    rule('/assets/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    ...REVALIDATED_PATHS.map((path) => rule(path, { 'Cache-Control': 'no-cache' })),
  ].join('\n\n')}\n`;
}
