/**
 * `dist/_headers`, the file Netlify and Cloudflare Pages read their response headers from: the
 * build writes it from the same policy as the page's meta tag (dist.test.ts checks the built one).
 */
import { describe, expect, it } from 'vitest';
import { hostHeadersFile, securityHeaders } from '../../csp.config.ts';
import { parseHostHeaders } from './host-headers.ts';

const BACKEND = 'https://project.example.supabase.co/some/path';

/** Whether a `_headers` path (with a trailing `*` splat) applies to a request path. */
const matches = (rule: string, path: string) => (rule.endsWith('*') ? path.startsWith(rule.slice(0, -1)) : path === rule);

describe('the hosts\' headers file', () => {
  const rules = parseHostHeaders(hostHeadersFile(BACKEND));

  it('sends the security headers of the preview on every path, frame-ancestors included, with no inline script allowed', () => {
    expect(rules.get('/*')).toEqual(securityHeaders(BACKEND));
    expect(rules.get('/*')?.['Content-Security-Policy']).toContain("script-src 'self';");
    expect(rules.get('/*')?.['Content-Security-Policy']).toMatch(/; frame-ancestors 'none'$/);
  });

  it('caches the hashed files for a year and has the page and the service worker revalidated', () => {
    expect(rules.get('/assets/*')).toEqual({ 'Cache-Control': 'public, max-age=31536000, immutable' });
    for (const path of ['/', '/index.html', '/sw.js']) expect(rules.get(path), path).toEqual({ 'Cache-Control': 'no-cache' });
  });

  it('never sets one header twice for a path (Cloudflare would join the values with a comma)', () => {
    for (const path of ['/', '/index.html', '/sw.js', '/assets/index-1.js', '/robots.txt', '/icons/icon-192.png']) {
      const names = [...rules].filter(([rule]) => matches(rule, path)).flatMap(([, headers]) => Object.keys(headers).map((name) => name.toLowerCase()));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('reads as rules on both hosts: no line that is neither a comment, a path nor a header of the path above', () => {
    expect(() => parseHostHeaders(hostHeadersFile(BACKEND))).not.toThrow();
    expect(() => parseHostHeaders('/*\nX-Bad header\n')).toThrow(/not a path or a header/);
  });
});
