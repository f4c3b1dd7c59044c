/**
 * The Content-Security-Policy of the built site (docs/security.md). No inline script and no
 * eval: the theme boot script is a file, and nothing in the bundle evaluates strings.
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
