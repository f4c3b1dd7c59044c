// The check made before every connection (lib/net/guard.ts), and the runtime defaults it uses
// on Deno (a stand-in Deno.resolveDns and fetch here: no test depends on real DNS or sockets).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourceError } from '../../supabase/functions/_shared/net/errors.ts';
import { checkTarget, defaultConnector, defaultResolver, type Resolver } from '../../supabase/functions/_shared/net/guard.ts';

const table =
  (records: Readonly<Record<string, readonly string[]>>): Resolver =>
  async (hostname) => {
    const addresses = records[hostname];
    if (addresses === undefined) throw new Error(`NXDOMAIN ${hostname}`);
    return addresses;
  };

const signal = () => new AbortController().signal;
const closed = { allowLoopback: false };
const open = { allowLoopback: true };

async function refusal(promise: Promise<unknown>): Promise<SourceError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(error)}`);
  return error;
}

describe('checkTarget', () => {
  it('returns the first address, in canonical form, to connect to', async () => {
    const resolve = table({ 'news.example': ['2606:4700:4700:0:0:0:0:1111', '93.184.216.34'] });
    expect(await checkTarget(new URL('https://news.example/feed'), resolve, closed, signal())).toBe('2606:4700:4700::1111');
  });

  it('connects to a public literal as written, in canonical form, without resolving it', async () => {
    const resolve = vi.fn(table({}));
    expect(await checkTarget(new URL('http://[2606:4700:4700:0:0:0:0:1111]/feed'), resolve, closed, signal())).toBe('2606:4700:4700::1111');
    expect(await checkTarget(new URL('http://1572395042/feed'), resolve, closed, signal())).toBe('93.184.216.34');
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each(['ftp://news.example/feed', 'file:///etc/passwd', 'data:text/xml,<rss/>'])('refuses %s: only http and https are fetched', async (url) => {
    const error = await refusal(checkTarget(new URL(url), table({ 'news.example': ['93.184.216.34'] }), closed, signal()));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toBe(`${new URL(url).protocol} URLs are not fetched: ${url}`);
  });

  it.each(['http://user@news.example/feed', 'http://:secret@news.example/feed', 'https://user:secret@news.example/feed'])(
    'refuses %s: URLs with credentials',
    async (url) => {
      const error = await refusal(checkTarget(new URL(url), table({ 'news.example': ['93.184.216.34'] }), closed, signal()));
      expect(error.code).toBe('blocked_address');
      expect(error.message).toBe('URLs with credentials are not fetched: news.example');
    },
  );

  it('refuses a name with any non-public address, naming it and why', async () => {
    const resolve = table({ 'mixed.example': ['93.184.216.34', '10.1.2.3'] });
    const error = await refusal(checkTarget(new URL('http://mixed.example/'), resolve, closed, signal()));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toBe('mixed.example is 10.1.2.3: private network (10.0.0.0/8)');
  });

  it('allows loopback only with the opt-in', async () => {
    const resolve = table({ 'local.example': ['127.0.0.1'] });
    expect(await checkTarget(new URL('http://local.example/'), resolve, open, signal())).toBe('127.0.0.1');
    const error = await refusal(checkTarget(new URL('http://local.example/'), resolve, closed, signal()));
    // The log says how a developer serving feeds on their own machine allows them.
    expect(error.message).toBe('local.example is 127.0.0.1: loopback (127.0.0.0/8); feeds on this machine need NEWS_ALLOW_LOOPBACK=1 (local development and tests only)');
  });

  it('reports a name that does not resolve as network_error, with the resolver\'s reason', async () => {
    const error = await refusal(checkTarget(new URL('http://nowhere.example/'), table({}), closed, signal()));
    expect(error.code).toBe('network_error');
    expect(error.message).toBe('DNS: NXDOMAIN nowhere.example');
    const odd = await refusal(checkTarget(new URL('http://odd.example/'), () => Promise.reject('SERVFAIL'), closed, signal()));
    expect(odd.message).toBe('DNS: SERVFAIL');
  });

  it('passes on the abort itself when the lookup stopped because the fetch was aborted', async () => {
    const controller = new AbortController();
    const aborted = new DOMException('the deadline passed', 'AbortError');
    const resolve: Resolver = async () => {
      controller.abort();
      throw aborted;
    };
    await expect(checkTarget(new URL('http://slow.example/'), resolve, closed, controller.signal)).rejects.toBe(aborted);
  });

  it('reports a name with no address, or with an answer that is not an address, as network_error', async () => {
    const resolve = table({ 'empty.example': [], 'odd.example': ['93.184.216.34', 'not-an-ip'] });
    const empty = await refusal(checkTarget(new URL('http://empty.example/'), resolve, closed, signal()));
    expect([empty.code, empty.message]).toEqual(['network_error', 'DNS: no address for empty.example']);
    const odd = await refusal(checkTarget(new URL('http://odd.example/'), resolve, closed, signal()));
    expect([odd.code, odd.message]).toEqual(['network_error', 'DNS: odd.example gave "not-an-ip", not an IP address']);
  });
});

describe('defaultResolver (Deno.resolveDns)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  type Lookup = (query: string, type: 'A' | 'AAAA', options?: { signal?: AbortSignal }) => Promise<string[]>;
  const withDeno = (resolveDns: Lookup) => vi.stubGlobal('Deno', { resolveDns });

  it('needs a runtime with Deno.resolveDns: elsewhere a resolver must be injected', async () => {
    await expect(defaultResolver('news.example', signal())).rejects.toThrow('no DNS resolver on this runtime (inject one)');
  });

  it('asks for A and AAAA records with the fetch\'s signal and returns both, IPv4 first', async () => {
    const asked: string[] = [];
    const controller = new AbortController();
    withDeno(async (query, type, options) => {
      asked.push(`${query} ${type} ${options?.signal === controller.signal}`);
      return type === 'A' ? ['93.184.216.34'] : ['2606:2800:220:1::1946'];
    });
    expect(await defaultResolver('news.example', controller.signal)).toEqual(['93.184.216.34', '2606:2800:220:1::1946']);
    expect(asked.sort()).toEqual(['news.example A true', 'news.example AAAA true']);
  });

  it('uses the records it got when one of the two lookups fails', async () => {
    withDeno(async (_query, type) => {
      if (type === 'A') throw new Error('no A');
      return ['2606:2800:220:1::1946'];
    });
    expect(await defaultResolver('v6.example', signal())).toEqual(['2606:2800:220:1::1946']);
    withDeno(async (_query, type) => {
      if (type === 'AAAA') throw new Error('no AAAA');
      return ['93.184.216.34'];
    });
    expect(await defaultResolver('v4.example', signal())).toEqual(['93.184.216.34']);
  });

  it('fails with the reason of the A lookup, else of the AAAA lookup, else "no record"', async () => {
    withDeno(async (_query, type) => {
      throw new Error(`${type} lookup timed out`);
    });
    await expect(defaultResolver('a.example', signal())).rejects.toThrow(/^cannot resolve a\.example: A lookup timed out$/);
    withDeno(async (_query, type) => {
      if (type === 'A') return [];
      throw 'AAAA refused';
    });
    await expect(defaultResolver('b.example', signal())).rejects.toThrow(/^cannot resolve b\.example: AAAA refused$/);
    withDeno(async () => []);
    await expect(defaultResolver('c.example', signal())).rejects.toThrow(/^cannot resolve c\.example: no A or AAAA record$/);
  });
});

describe('defaultConnector', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches the URL with the given options and never follows redirects itself', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => new Response('<rss/>'));
    vi.stubGlobal('fetch', fetchSpy);
    const headers = { accept: 'application/rss+xml' };
    const response = await defaultConnector({ url: 'https://news.example/feed', address: '93.184.216.34', init: { headers, redirect: 'follow' } });
    expect(await response.text()).toBe('<rss/>');
    expect(fetchSpy).toHaveBeenCalledWith('https://news.example/feed', { headers, redirect: 'manual' });
  });
});
