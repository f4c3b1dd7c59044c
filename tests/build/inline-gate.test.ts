/**
 * The prerendered page's gate is its one inline script: the template puts it in the head and
 * starts the page with its snapshot hidden, and the CSP allows exactly that code by its hash.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, scriptHash, securityHeaders } from '../../csp.config.ts';
import { snapshotPageTemplate } from '../../scripts/feed-boot-plugin.ts';
import { SAVED_AT_SLOT, SNAPSHOT_MARKUP_SLOT } from '../../src/snapshot/prerendered.ts';

const BOOT = '/assets/feed-boot-1.js';
const INDEX = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <style id="snapshot-style">html{}</style>',
  `    <script src="${BOOT}"></script>`,
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '  </body>',
  '</html>',
].join('\n');
const GATE = "document.documentElement.toggleAttribute('data-stale-snapshot', false);";

describe('the prerendered page\'s template', () => {
  it('has the gate inline in the head, the page marked stale until it runs, the boot script deferred after #root', () => {
    const template = snapshotPageTemplate(INDEX, BOOT, GATE);
    expect(template).toContain('<html lang="en" data-stale-snapshot>');
    expect(template).toContain(`<meta name="snapshot-saved-at" content="${SAVED_AT_SLOT}" />\n    <script>${GATE}</script>\n  </head>`);
    expect(template).toContain(`${SNAPSHOT_MARKUP_SLOT}<div id="root" data-behind-snapshot></div>\n    <script defer src="${BOOT}"></script>`);
    expect(template).not.toContain(`<script src="${BOOT}">`);
  });

  it('refuses code that would end the script early or change how the parser reads it', () => {
    expect(() => snapshotPageTemplate(INDEX, BOOT, 'const a = "</script><script>alert(1)";')).toThrow(/cannot be inline/);
    expect(() => snapshotPageTemplate(INDEX, BOOT, 'const a = "</SCRIPT >";')).toThrow(/cannot be inline/);
    expect(() => snapshotPageTemplate(INDEX, BOOT, 'const a = "<!--";')).toThrow(/cannot be inline/);
  });

  it('refuses an index.html without exactly one of each part it replaces', () => {
    expect(() => snapshotPageTemplate(INDEX.replace('<html lang="en">', '<html>'), BOOT, GATE)).toThrow(/<html lang="en">/);
    expect(() => snapshotPageTemplate(INDEX.replace('<div id="root"></div>', ''), BOOT, GATE)).toThrow(/id="root"/);
    expect(() => snapshotPageTemplate(INDEX, '/assets/other.js', GATE)).toThrow(/other\.js/);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows no inline script by default, and the given hashes when there are some', () => {
    expect(contentSecurityPolicy('https://p.supabase.co')).toContain("script-src 'self'; style-src");
    const policy = contentSecurityPolicy('https://p.supabase.co/x', ['sha256-abc=', 'sha256-def=']);
    expect(policy).toContain("script-src 'self' 'sha256-abc=' 'sha256-def='; style-src");
    expect(policy).toContain("connect-src 'self' https://p.supabase.co;");
    expect(securityHeaders('https://p.supabase.co', ['sha256-abc='])['Content-Security-Policy']).toBe(contentSecurityPolicy('https://p.supabase.co', ['sha256-abc=']));
  });

  it('hashes a script as browsers do: SHA-256 of its UTF-8 text, in base64', () => {
    const code = "alert('é')";
    expect(scriptHash(code)).toBe(`sha256-${createHash('sha256').update(Buffer.from(code, 'utf8')).digest('base64')}`);
    // The empty script's well-known hash.
    expect(scriptHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('finds every inline script of a page, and none with a src', () => {
    const template = snapshotPageTemplate(INDEX, BOOT, GATE);
    expect(inlineScriptHashes(template)).toEqual([scriptHash(GATE)]);
    expect(inlineScriptHashes(INDEX)).toEqual([]);
    expect(inlineScriptHashes('<script type="text/javascript">a()</script><SCRIPT>b()</SCRIPT><script defer src="/c.js"></script>')).toEqual([scriptHash('a()'), scriptHash('b()')]);
  });
});
