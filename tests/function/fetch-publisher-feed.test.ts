// One publisher's feed fetched on its own (supabase/functions/_shared/net/fetch-publisher-feed.ts):
// the connector is a fake that answers from a table of Responses, so nothing here opens a socket.
// tests/function/network.test.ts and faults.test.ts run the same code against a loopback server
// through refreshSources(), the ingest's fetch stage.
import { describe, expect, it } from 'vitest';
import { SourceError } from '../../supabase/functions/_shared/net/errors.ts';
import { type FetchedFeed, fetchPublisherFeed as fetchAny, type FetchFeedOptions, freshness, retryAfter } from '../../supabase/functions/_shared/net/fetch-publisher-feed.ts';
import type { ConnectRequest, Connector, Resolver } from '../../supabase/functions/_shared/net/guard.ts';

const PUBLIC = '93.184.216.34';
const resolve: Resolver = async () => [PUBLIC];

/** A body that records whether the reader gave it up, as a real connection would be released. */
function trackedBody(chunks: readonly string[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let index = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

type Answer = Response | ((request: ConnectRequest) => Response | Promise<Response>);

/** A connector answering each URL from `routes` (404 otherwise), recording every request. */
function fakeNet(routes: Readonly<Record<string, Answer>>) {
  const requests: ConnectRequest[] = [];
  const connect: Connector = async (request) => {
    requests.push(request);
    const answer = routes[request.url];
    if (answer === undefined) return new Response('missing', { status: 404, statusText: 'Not Found' });
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { connect, requests };
}

/** An unconditional fetch: always a body (a 304 without validators is an error). */
async function fetchPublisherFeed(url: string, opts: FetchFeedOptions): Promise<FetchedFeed> {
  const fetched = await fetchAny(url, opts);
  if (fetched.notModified) throw new Error('unexpected 304');
  return fetched;
}

function options(connect: Connector, overrides: Partial<FetchFeedOptions> = {}): FetchFeedOptions {
  return { resolve, connect, allowLoopback: false, timeoutMs: 2_000, maxBodyBytes: 100, maxRedirects: 2, userAgent: 'test-agent/1', ...overrides };
}

const redirect = (location: string | null, status = 302): Response =>
  new Response(null, { status, headers: location === null ? {} : { location } });

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(error)}`);
  return error;
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('fetchPublisherFeed: the answer', () => {
  it('returns the body bytes, the content type and the URL it came from', async () => {
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response('<rss/>', { headers: { 'content-type': 'application/rss+xml' } }) });
    const fetched = await fetchPublisherFeed('http://news.example/feed.xml', options(connect));
    expect(text(fetched.bytes)).toBe('<rss/>');
    expect(fetched.contentType).toBe('application/rss+xml');
    expect(fetched.url).toBe('http://news.example/feed.xml');
  });

  it('joins a body that arrives in several chunks, in order', async () => {
    const { stream } = trackedBody(['<rss>', '<channel>', '</channel></rss>']);
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response(stream) });
    const fetched = await fetchPublisherFeed('http://news.example/feed.xml', options(connect));
    expect(text(fetched.bytes)).toBe('<rss><channel></channel></rss>');
  });

  it('gives no bytes for an answer without a body, and no content type when none is sent', async () => {
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response(null, { status: 200 }) });
    const fetched = await fetchPublisherFeed('http://news.example/feed.xml', options(connect));
    expect(fetched.bytes).toEqual(new Uint8Array(0));
    expect(fetched.contentType).toBeNull();
  });

  it('asks for a feed as itself: its user agent, feed types first, redirects handled here, the address that was checked', async () => {
    const { connect, requests } = fakeNet({ 'http://news.example/feed.xml': new Response('<rss/>') });
    await fetchPublisherFeed('http://news.example/feed.xml', options(connect));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.address).toBe(PUBLIC);
    expect(request?.init.redirect).toBe('manual');
    expect(request?.init.signal).toBeInstanceOf(AbortSignal);
    const headers = request?.init.headers as Record<string, string>;
    expect(headers['user-agent']).toBe('test-agent/1');
    expect(headers.accept).toMatch(/^application\/rss\+xml, application\/atom\+xml, /);
    expect(headers.accept).toContain('*/*;q=0.5');
  });
});

describe('fetchPublisherFeed: the size limit', () => {
  it('accepts a body of exactly the limit, streamed', async () => {
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response(trackedBody(['x'.repeat(60), 'y'.repeat(40)]).stream) });
    const fetched = await fetchPublisherFeed('http://news.example/feed.xml', options(connect));
    expect(fetched.bytes.byteLength).toBe(100);
  });

  it('refuses a body one byte over the limit while it streams, and stops reading it', async () => {
    const body = trackedBody(['x'.repeat(60), 'y'.repeat(41), 'never read']);
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response(body.stream) });
    const error = await failure(fetchPublisherFeed('http://news.example/feed.xml', options(connect)));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe('body too large (more than 100 bytes)');
    expect(body.cancelled()).toBe(true);
  });

  it('refuses a declared Content-Length over the limit before reading, and accepts one at the limit', async () => {
    const over = trackedBody(['x']);
    const { connect } = fakeNet({
      'http://news.example/over.xml': new Response(over.stream, { headers: { 'content-length': '101' } }),
      'http://news.example/at.xml': new Response('z'.repeat(100), { headers: { 'content-length': '100' } }),
    });
    const error = await failure(fetchPublisherFeed('http://news.example/over.xml', options(connect)));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe('body too large (Content-Length 101 > 100 bytes)');
    expect(over.cancelled()).toBe(true);
    expect((await fetchPublisherFeed('http://news.example/at.xml', options(connect))).bytes.byteLength).toBe(100);
  });

  it('refuses a declared Content-Length over the limit also when the answer carries no body', async () => {
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response(null, { headers: { 'content-length': '101' } }) });
    expect((await failure(fetchPublisherFeed('http://news.example/feed.xml', options(connect)))).code).toBe('too_large');
  });

  it('counts a body whose Content-Length is not a finite number while it streams', async () => {
    const { connect } = fakeNet({
      'http://news.example/small.xml': new Response('<rss/>', { headers: { 'content-length': 'Infinity' } }),
      'http://news.example/big.xml': new Response('x'.repeat(101), { headers: { 'content-length': 'Infinity' } }),
    });
    expect(text((await fetchPublisherFeed('http://news.example/small.xml', options(connect))).bytes)).toBe('<rss/>');
    expect((await failure(fetchPublisherFeed('http://news.example/big.xml', options(connect)))).message).toBe('body too large (more than 100 bytes)');
  });

  it('reads a body whose Content-Length is not a number, still within the limit', async () => {
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response('<rss/>', { headers: { 'content-length': 'lots' } }) });
    expect(text((await fetchPublisherFeed('http://news.example/feed.xml', options(connect))).bytes)).toBe('<rss/>');
  });
});

describe('fetchPublisherFeed: HTTP statuses', () => {
  it.each([
    [404, 'Not Found', 'http_404', 'HTTP 404 Not Found from http://news.example/feed.xml'],
    [500, '', 'http_500', 'HTTP 500 from http://news.example/feed.xml'],
    [400, 'Bad Request', 'http_400', 'HTTP 400 Bad Request from http://news.example/feed.xml'],
    [304, 'Not Modified', 'http_304', 'HTTP 304 Not Modified from http://news.example/feed.xml'],
  ])('%i %j is the code %s, with the status and URL in the log', async (status, statusText, code, message) => {
    const body = status === 304 ? null : trackedBody(['error page']);
    const { connect } = fakeNet({ 'http://news.example/feed.xml': new Response(body?.stream ?? null, { status, statusText }) });
    const error = await failure(fetchPublisherFeed('http://news.example/feed.xml', options(connect)));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    if (body) expect(body.cancelled()).toBe(true);
  });

  it('takes any 2xx as the feed (299) and a status outside 3xx as no redirect', async () => {
    const { connect } = fakeNet({
      'http://news.example/299.xml': new Response('<rss/>', { status: 299, headers: { location: 'http://news.example/elsewhere' } }),
      'http://news.example/400.xml': new Response('bad', { status: 400, headers: { location: 'http://news.example/elsewhere' } }),
    });
    expect((await fetchPublisherFeed('http://news.example/299.xml', options(connect))).url).toBe('http://news.example/299.xml');
    expect((await failure(fetchPublisherFeed('http://news.example/400.xml', options(connect)))).code).toBe('http_400');
  });
});

describe('fetchPublisherFeed: redirects', () => {
  it.each([300, 301, 302, 303, 307, 308, 399])('follows %i, resolving a relative Location against the current URL', async (status) => {
    const { connect, requests } = fakeNet({
      'http://news.example/a/old.xml': redirect('../new.xml', status),
      'http://news.example/new.xml': new Response('<rss/>'),
    });
    const fetched = await fetchPublisherFeed('http://news.example/a/old.xml', options(connect));
    expect(fetched.url).toBe('http://news.example/new.xml');
    expect(requests.map((request) => request.url)).toEqual(['http://news.example/a/old.xml', 'http://news.example/new.xml']);
  });

  it('releases the body of a redirect answer', async () => {
    const body = trackedBody(['<html>moved</html>']);
    const { connect } = fakeNet({
      'http://news.example/old.xml': new Response(body.stream, { status: 301, headers: { location: '/new.xml' } }),
      'http://news.example/new.xml': new Response('<rss/>'),
    });
    await fetchPublisherFeed('http://news.example/old.xml', options(connect));
    expect(body.cancelled()).toBe(true);
  });

  it('follows exactly maxRedirects hops, and refuses one more without requesting it', async () => {
    const routes = {
      'http://news.example/1': redirect('/2'),
      'http://news.example/2': redirect('/3'),
      'http://news.example/3': new Response('<rss/>'),
    };
    expect((await fetchPublisherFeed('http://news.example/1', options(fakeNet(routes).connect, { maxRedirects: 2 }))).url).toBe('http://news.example/3');
    const net = fakeNet(routes);
    const error = await failure(fetchPublisherFeed('http://news.example/1', options(net.connect, { maxRedirects: 1 })));
    expect(error.code).toBe('network_error');
    expect(error.message).toBe('too many redirects (more than 1)');
    expect(net.requests.map((request) => request.url)).toEqual(['http://news.example/1', 'http://news.example/2']);
  });

  it('reports a redirect without a Location header as its HTTP status', async () => {
    const { connect } = fakeNet({ 'http://news.example/feed.xml': redirect(null, 307) });
    const error = await failure(fetchPublisherFeed('http://news.example/feed.xml', options(connect)));
    expect(error.code).toBe('http_307');
    expect(error.message).toBe('HTTP 307 without a Location header');
  });

  it('reports a Location that is no URL, quoting at most 200 characters of it', async () => {
    const location = `http://[${'z'.repeat(300)}/`;
    const { connect } = fakeNet({ 'http://news.example/feed.xml': redirect(location) });
    const error = await failure(fetchPublisherFeed('http://news.example/feed.xml', options(connect)));
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(`redirect to an invalid URL: ${location.slice(0, 200)}`);
  });

  it('refuses https to http but follows http to https and https to https', async () => {
    const { connect, requests } = fakeNet({
      'https://news.example/down': redirect('http://news.example/feed.xml'),
      'http://news.example/up': redirect('https://news.example/secure'),
      'https://news.example/secure': redirect('https://news.example/feed.xml'),
      'https://news.example/feed.xml': new Response('<rss/>'),
    });
    const error = await failure(fetchPublisherFeed('https://news.example/down', options(connect)));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toBe('redirect from https to http refused: https://news.example/down -> http://news.example/feed.xml');
    expect(requests.map((request) => request.url)).toEqual(['https://news.example/down']);
    expect((await fetchPublisherFeed('http://news.example/up', options(connect, { maxRedirects: 2 }))).url).toBe('https://news.example/feed.xml');
  });
});

describe('fetchPublisherFeed: time limits and failures', () => {
  /** A connector that never answers until the request's signal aborts it. */
  const hanging: Connector = ({ init }) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it('gives up after its own timeout: timeout, naming the time', async () => {
    const error = await failure(fetchPublisherFeed('http://news.example/feed.xml', options(hanging, { timeoutMs: 30 })));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('no complete answer after 30 ms');
  });

  it('gives up at the refresh deadline (the caller\'s signal): timeout, naming the deadline', async () => {
    const deadline = new AbortController();
    const pending = fetchPublisherFeed('http://news.example/feed.xml', options(hanging, { timeoutMs: 60_000, signal: deadline.signal }));
    setTimeout(() => deadline.abort(), 20);
    const error = await failure(pending);
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('no complete answer at the refresh deadline');
  });

  it('passes the caller\'s signal on to the connection', async () => {
    const deadline = new AbortController();
    let seen: AbortSignal | undefined;
    const connect: Connector = async ({ init }) => {
      seen = init.signal ?? undefined;
      return new Response('<rss/>');
    };
    await fetchPublisherFeed('http://news.example/feed.xml', options(connect, { signal: deadline.signal }));
    expect(seen?.aborted).toBe(false);
    deadline.abort();
    expect(seen?.aborted).toBe(true);
  });

  it('clears its timer once the answer is in: a finished fetch is never aborted later', async () => {
    let seen: AbortSignal | undefined;
    const connect: Connector = async ({ init }) => {
      seen = init.signal ?? undefined;
      return new Response('<rss/>');
    };
    await fetchPublisherFeed('http://news.example/feed.xml', options(connect, { timeoutMs: 10 }));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(seen?.aborted).toBe(false);
  });

  it('reports a connection that fails as network_error, with the cause', async () => {
    const connect: Connector = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 93.184.216.34:80') });
    };
    const error = await failure(fetchPublisherFeed('http://news.example/feed.xml', options(connect)));
    expect(error.code).toBe('network_error');
    expect(error.message).toBe('request failed: fetch failed (connect ECONNREFUSED 93.184.216.34:80)');
  });

  it('keeps the code of a refused target (blocked_address), without connecting', async () => {
    const { connect, requests } = fakeNet({});
    const error = await failure(fetchPublisherFeed('http://10.0.0.1/feed.xml', options(connect)));
    expect(error.code).toBe('blocked_address');
    expect(requests).toEqual([]);
  });
});

describe('fetchPublisherFeed: conditional requests (docs/product.md#the-ingest)', () => {
  it('sends the stored validators and reads a 304 as not modified, keeping the validators it sent', async () => {
    const { connect, requests } = fakeNet({ 'http://news.example/feed.xml': new Response(null, { status: 304 }) });
    const fetched = await fetchAny('http://news.example/feed.xml', options(connect, { validators: { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' } }));
    expect(fetched).toEqual({ notModified: true, validators: { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' } });
    const headers = new Headers(requests[0]?.init.headers);
    expect(headers.get('if-none-match')).toBe('"v1"');
    expect(headers.get('if-modified-since')).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
  });

  it('returns the ETag and Last-Modified of a full answer, and refuses a 304 to a request without validators', async () => {
    const { connect } = fakeNet({
      'http://news.example/feed.xml': new Response('<rss/>', { headers: { etag: 'W/"abc"', 'last-modified': 'Wed, 02 Dec 2026 08:00:00 GMT' } }),
      'http://news.example/odd.xml': new Response(null, { status: 304 }),
    });
    expect((await fetchPublisherFeed('http://news.example/feed.xml', options(connect))).validators).toEqual({ etag: 'W/"abc"', lastModified: 'Wed, 02 Dec 2026 08:00:00 GMT' });
    expect((await failure(fetchAny('http://news.example/odd.xml', options(connect)))).code).toBe('http_304');
  });

  it('keeps Retry-After of a 429 or 503, in seconds or as a date, at most 6 hours', async () => {
    const { connect } = fakeNet({
      'http://news.example/busy.xml': new Response('busy', { status: 429, headers: { 'retry-after': '120' } }),
      'http://news.example/down.xml': new Response('down', { status: 503, headers: { 'retry-after': 'Tue, 01 Dec 2026 10:10:00 GMT' } }),
      'http://news.example/gone.xml': new Response('gone', { status: 500, headers: { 'retry-after': '120' } }),
    });
    const now = () => Date.parse('2026-12-01T10:00:00Z');
    expect((await failure(fetchAny('http://news.example/busy.xml', options(connect)))).retryAfterMs).toBe(120_000);
    expect((await failure(fetchAny('http://news.example/down.xml', options(connect, { now })))).retryAfterMs).toBe(600_000);
    expect((await failure(fetchAny('http://news.example/gone.xml', options(connect)))).retryAfterMs).toBeUndefined();
    expect(retryAfter('999999', now)).toBe(6 * 60 * 60 * 1000);
    expect(retryAfter('soon', now)).toBeUndefined();
    expect(retryAfter(null, now)).toBeUndefined();
  });
});

describe('fetchPublisherFeed: how long an answer stays fresh (docs/product.md#the-ingest)', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  const fresh = (headers: Record<string, string>) => freshness(new Headers(headers), now);

  it('reads Cache-Control max-age, less the Age a cache on the way has kept it', () => {
    expect(fresh({ 'cache-control': 'public, max-age=900' })).toBe(900_000);
    expect(fresh({ 'cache-control': 'max-age=900', age: '300' })).toBe(600_000);
    expect(fresh({ 'cache-control': 'max-age=60', age: '300' })).toBe(0);
    expect(fresh({ 'cache-control': 'MAX-AGE="120"' })).toBe(120_000);
  });

  it('takes max-age over Expires, and no-cache or no-store as nothing fresh', () => {
    expect(fresh({ 'cache-control': 'max-age=60', expires: 'Tue, 01 Dec 2026 12:00:00 GMT' })).toBe(60_000);
    expect(fresh({ 'cache-control': 'no-cache', expires: 'Tue, 01 Dec 2026 12:00:00 GMT' })).toBe(0);
    expect(fresh({ 'cache-control': 'private, no-store, max-age=600' })).toBe(0);
  });

  it('reads Expires against the answer\'s Date, else the fetch time; an unreadable Expires is already stale', () => {
    expect(fresh({ date: 'Tue, 01 Dec 2026 09:00:00 GMT', expires: 'Tue, 01 Dec 2026 09:20:00 GMT' })).toBe(1_200_000);
    expect(fresh({ expires: 'Tue, 01 Dec 2026 10:45:00 GMT' })).toBe(2_700_000);
    expect(fresh({ expires: 'Tue, 01 Dec 2026 09:00:00 GMT' })).toBe(0);
    expect(fresh({ expires: '0' })).toBe(0);
  });

  it('is undefined when the server says nothing about it', () => {
    expect(fresh({})).toBeUndefined();
    expect(fresh({ 'cache-control': 'public' })).toBeUndefined();
  });

  it('comes with a full answer and with a 304', async () => {
    const { connect } = fakeNet({
      'http://news.example/feed.xml': new Response('<rss/>', { headers: { 'cache-control': 'max-age=1800' } }),
      'http://news.example/same.xml': new Response(null, { status: 304, headers: { 'cache-control': 'max-age=600' } }),
    });
    expect((await fetchPublisherFeed('http://news.example/feed.xml', options(connect))).freshForMs).toBe(1_800_000);
    expect(await fetchAny('http://news.example/same.xml', options(connect, { validators: { etag: '"v1"' } }))).toEqual({ notModified: true, validators: { etag: '"v1"' }, freshForMs: 600_000 });
  });
});
