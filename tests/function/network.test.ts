// The network rules over HTTP, with an injected resolver and connector: the connector only
// ever talks to the loopback test server (and refuses, without sending anything, any address
// it is not meant to reach), so no packet leaves loopback even if the code under test is wrong.
// tests/function/network-namespace.test.ts runs the real function against real blocked
// addresses inside a loopback-only network namespace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INGEST_CONFIG } from '../../supabase/functions/_shared/ingest/config.ts';
import type { Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';
import type { Source } from '../../supabase/functions/_shared/stories/sources-file.ts';
import { type FeedServer, startFeedServer } from './helpers/feed-server.ts';
import { refresh } from './helpers/refresh.ts';
import { syntheticRss } from './helpers/synthetic-feed.ts';

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';
const DNS: Readonly<Record<string, readonly string[]>> = {
  'news.example': [PUBLIC_V4, PUBLIC_V6],
  'secure.example': [PUBLIC_V4],
  'internal.example': ['10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': [PUBLIC_V4, '192.168.0.10'],
  'ula.example': ['fd00::5'],
  'mapped.example': ['::ffff:10.0.0.1'],
  'localhost.example': ['127.0.0.1'],
};

let server: FeedServer;
/** Every connection the code asked for: URL and the address it was checked against. */
const connections: { url: string; address: string }[] = [];
/** Connections to anything but the two fake public addresses and loopback: must stay empty. */
const violations: string[] = [];
const resolved: string[] = [];

const resolve: Resolver = async (hostname) => {
  resolved.push(hostname);
  const addresses = DNS[hostname];
  if (!addresses) throw new Error(`NXDOMAIN ${hostname}`);
  return addresses;
};

/** Sends every allowed request to the loopback server (same path), as if it were that host. */
const connect: Connector = async ({ url, address, init }) => {
  connections.push({ url, address });
  if (![PUBLIC_V4, PUBLIC_V6, '127.0.0.1'].includes(address)) {
    violations.push(`${url} at ${address}`);
    throw new Error(`test connector: refusing to connect to ${address}`);
  }
  const { pathname, search } = new URL(url);
  return fetch(`${server.origin}${pathname}${search}`, init);
};

const redirect = (path: string, location: string) =>
  server.route(path, (_request, response) => response.writeHead(302, { location }).end());

beforeAll(async () => {
  server = await startFeedServer();
  server.serve('/feed.xml', syntheticRss('news', 3));
  redirect('/to-metadata', 'http://169.254.169.254/latest/meta-data/');
  redirect('/to-10', 'http://10.0.0.1/internal.atom');
  redirect('/to-172', 'http://172.16.5.4/feed');
  redirect('/to-192', 'http://192.168.1.1/feed');
  redirect('/to-100-64', 'http://100.64.0.1/feed');
  redirect('/to-mapped', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/');
  redirect('/to-mapped-dotted', 'http://[::ffff:169.254.169.254]/latest/');
  redirect('/to-decimal', 'http://2852039166/latest/meta-data/');
  redirect('/to-hex', 'http://0xa9fea9fe/latest/meta-data/');
  redirect('/to-octal', 'http://0251.0376.0251.0376/latest/');
  redirect('/to-ipv6-loopback', 'http://[::1]/feed.xml');
  redirect('/to-ipv6-link-local', 'http://[fe80::1]/feed.xml');
  redirect('/to-internal-name', 'http://internal.example/feed.atom');
  redirect('/to-metadata-name', 'http://metadata.example/latest/');
  redirect('/to-mixed-name', 'http://mixed.example/feed.xml');
  redirect('/to-ula-name', 'http://ula.example/feed.xml');
  redirect('/to-mapped-name', 'http://mapped.example/feed.xml');
  redirect('/to-loopback-name', 'http://localhost.example/feed.xml');
  redirect('/to-loopback', `http://127.0.0.1:${new URL(server.origin).port}/feed.xml`);
  redirect('/to-zero', 'http://0.0.0.0/feed.xml');
  redirect('/downgrade', 'http://news.example/feed.xml');
  redirect('/https-to-https', 'https://secure.example/feed.xml');
  redirect('/http-to-https', 'https://secure.example/feed.xml');
  redirect('/to-file', 'file:///etc/passwd');
  redirect('/chain-1', '/chain-2');
  redirect('/chain-2', 'http://news.example/to-metadata');
});

afterAll(() => server.close());

async function run(sources: readonly Source[], allowLoopback = false) {
  const log: string[] = [];
  const answer = await refresh(sources, {
    now: () => new Date('2025-06-01T12:00:00Z'),
    config: { ...DEFAULT_INGEST_CONFIG, timeoutMs: 3_000, allowLoopback, parseBudgetMs: 5_000, refreshParseBudgetMs: 30_000 },
    resolve,
    connect,
    log: (message) => log.push(message),
  });
  return { answer, log };
}

const src = (name: string, url: string): Source => ({ name, url, category: 'World' });

describe('redirects to non-public addresses are refused before connecting', () => {
  const CASES: readonly [name: string, path: string, blocked: string][] = [
    ['cloud metadata', '/to-metadata', '169.254.169.254'],
    ['RFC 1918 10/8', '/to-10', '10.0.0.1'],
    ['RFC 1918 172.16/12', '/to-172', '172.16.5.4'],
    ['RFC 1918 192.168/16', '/to-192', '192.168.1.1'],
    ['carrier-grade NAT', '/to-100-64', '100.64.0.1'],
    ['IPv4-mapped IPv6', '/to-mapped', '::ffff:a9fe:a9fe'],
    ['IPv4-mapped IPv6, dotted', '/to-mapped-dotted', '::ffff:a9fe:a9fe'],
    ['decimal literal', '/to-decimal', '169.254.169.254'],
    ['hex literal', '/to-hex', '169.254.169.254'],
    ['octal literal', '/to-octal', '169.254.169.254'],
    ['IPv6 loopback', '/to-ipv6-loopback', '::1'],
    ['IPv6 link-local', '/to-ipv6-link-local', 'fe80::1'],
    ['0.0.0.0', '/to-zero', '0.0.0.0'],
    ['IPv4 loopback (no opt-in)', '/to-loopback', '127.0.0.1'],
    ['a name resolving to RFC 1918', '/to-internal-name', '10.0.0.7'],
    ['a name resolving to metadata', '/to-metadata-name', '169.254.169.254'],
    ['a name resolving to public and private', '/to-mixed-name', '192.168.0.10'],
    ['a name resolving to a ULA', '/to-ula-name', 'fd00::5'],
    ['a name resolving to mapped IPv6', '/to-mapped-name', '::ffff:a00:1'],
    ['a name resolving to loopback (no opt-in)', '/to-loopback-name', '127.0.0.1'],
    ['two hops, then metadata', '/chain-1', '169.254.169.254'],
  ];

  it.each(CASES)('%s: blocked_address, the blocked hop never requested', async (name, path, blocked) => {
    connections.length = 0;
    const { answer, log } = await run([src(name, `http://news.example${path}`)]);
    expect(answer.sources).toEqual([{ name, ok: false, count: 0, error: 'blocked_address' }]);
    expect(answer.stories).toEqual([]);
    expect(connections.length).toBeGreaterThan(0); // the public first hop was made...
    expect(connections.every((connection) => connection.address === PUBLIC_V4)).toBe(true); // ...and nothing else
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(`blocked_address: `);
    expect(log[0]).toContain(blocked);
    expect(violations).toEqual([]);
  });

  it('refuses a source URL that is itself private, without resolving or connecting', async () => {
    connections.length = 0;
    resolved.length = 0;
    const { answer } = await run([src('Internal', 'http://10.1.2.3/feed.xml'), src('Metadata', 'http://[::ffff:169.254.169.254]/')]);
    expect(answer.sources.map((status) => status.error)).toEqual(['blocked_address', 'blocked_address']);
    expect(connections).toEqual([]);
    expect(resolved).toEqual([]);
  });

  it('refuses a non-HTTP redirect target', async () => {
    const { answer } = await run([src('File', 'http://news.example/to-file')]);
    expect(answer.sources[0]?.error).toBe('blocked_address');
  });

  it('reports a name that does not resolve as network_error', async () => {
    connections.length = 0;
    const { answer, log } = await run([src('Nowhere', 'http://nowhere.example/feed.xml')]);
    expect(answer.sources[0]?.error).toBe('network_error');
    expect(log[0]).toContain('NXDOMAIN nowhere.example');
    expect(connections).toEqual([]);
  });
});

describe('https and redirects', () => {
  it('refuses a redirect from https to http', async () => {
    connections.length = 0;
    const { answer, log } = await run([src('Downgrade', 'https://secure.example/downgrade')]);
    expect(answer.sources[0]).toEqual({ name: 'Downgrade', ok: false, count: 0, error: 'blocked_address' });
    expect(log[0]).toContain('redirect from https to http refused');
    expect(connections.map((connection) => connection.url)).toEqual(['https://secure.example/downgrade']);
  });

  it('follows https to https and http to https', async () => {
    const { answer } = await run([src('Secure', 'https://secure.example/https-to-https'), src('Upgrade', 'http://news.example/http-to-https')]);
    expect(answer.sources).toEqual([
      { name: 'Secure', ok: true, count: 3 },
      { name: 'Upgrade', ok: true, count: 3 },
    ]);
    // The same three articles from both: the store keeps each once (tests/store/ingest-feeds.test.ts).
    expect(new Set(answer.stories.map((story) => story.url)).size).toBe(3);
  });

  it('connects to public addresses: a public name and its redirects', async () => {
    const { answer } = await run([src('News', 'http://news.example/feed.xml')]);
    expect(answer.sources).toEqual([{ name: 'News', ok: true, count: 3 }]);
  });
});

describe('NEWS_ALLOW_LOOPBACK', () => {
  it('allows loopback (127.0.0.0/8, ::1) and still refuses every other private address', async () => {
    const { answer } = await run(
      [
        src('Loopback literal', `${server.origin}/feed.xml`),
        src('Loopback name', 'http://localhost.example/feed.xml'),
        src('Metadata', 'http://news.example/to-metadata'),
        src('Private name', 'http://news.example/to-internal-name'),
        src('Mapped loopback', 'http://[::ffff:127.0.0.1]/feed.xml'),
      ],
      true,
    );
    expect(answer.sources.map((status) => status.error ?? 'ok')).toEqual(['ok', 'ok', 'blocked_address', 'blocked_address', 'blocked_address']);
    expect(violations).toEqual([]);
  });
});
