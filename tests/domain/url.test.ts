import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../src/domain/url.ts';

describe('isHttpUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1#frag',
    'HTTPS://EXAMPLE.COM/UPPER',
    'https://news.example.org:8443/a/b',
    'https://例え.jp/記事',
    'http://127.0.0.1:54321/x',
    'https://example.com/a b', // the parser and the browser both encode the space
  ])('accepts %j', (value) => {
    expect(isHttpUrl(value)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'file:///etc/passwd',
    '/relative/path',
    'relative/path',
    '//example.com/protocol-relative',
    'example.com',
    'http:example.com',
    'http:example.com/?next=https://example.org',
    'http:/example.com',
    'http:\\\\example.com',
    'http://',
    'https://exa mple.com',
    'http://[::1',
    ' http://example.com',
    'http://example.com ',
    '\u0001http://example.com',
    'http://example.com/\u0001',
    '\thttp://example.com',
    'http://exam\tple.com',
    'http://example.com/\n',
    '\u00a0https://example.com',
  ])('rejects %j', (value) => {
    expect(isHttpUrl(value)).toBe(false);
  });

  it.each([undefined, null, 42, true, {}, [], ['https://example.com'], new URL('https://example.com')])(
    'rejects the non-string %j',
    (value) => {
      expect(isHttpUrl(value)).toBe(false);
    },
  );
});
