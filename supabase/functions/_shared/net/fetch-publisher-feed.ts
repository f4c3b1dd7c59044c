import { readBounded } from './body.ts';
import { describeError, SourceError } from './errors.ts';
import { checkTarget, type Connector, type NetworkPolicy, type Resolver } from './guard.ts';

export interface FetchFeedOptions extends NetworkPolicy {
  readonly resolve: Resolver;
  readonly connect: Connector;
  /** The whole fetch (DNS, connection, redirects, body) of this one feed. */
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly maxRedirects: number;
  readonly userAgent: string;
  /** Aborted at the refresh's overall deadline. */
  readonly signal?: AbortSignal;
  /** Validators from the last fetch: sent as If-None-Match / If-Modified-Since. */
  readonly validators?: Validators;
  /** For Retry-After given as an HTTP date; default the system clock. */
  readonly now?: () => number;
}

/** What a server said identifies the version it sent (ETag, Last-Modified). */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export interface FetchedFeed {
  readonly notModified?: false;
  readonly bytes: Uint8Array;
  readonly contentType: string | null;
  /** The URL after redirects: relative links resolve against it. */
  readonly url: string;
  readonly validators: Validators;
  /** How long the server says its answer stays fresh (see freshness); undefined when it says nothing. */
  readonly freshForMs?: number;
}

/** The server answered 304 to the conditional request: nothing was read or parsed. */
export interface NotModifiedFeed {
  readonly notModified: true;
  readonly validators: Validators;
  readonly freshForMs?: number;
}

/** Validators longer than this are not kept (they are sent back on every fetch). */
const VALIDATOR_MAX_CHARS = 256;
/** A Retry-After further away than this is read as this. */
const RETRY_AFTER_MAX_MS = 6 * 60 * 60_000;

const ACCEPT = 'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/**
 * GETs a feed within one deadline covering DNS, connection, redirects and body, checking
 * the network rules before every hop, and refuses bodies over the size limit while they
 * stream in. Throws SourceError with the public code and a detail for the log.
 */
export async function fetchPublisherFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed | NotModifiedFeed> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
  try {
    const { response, finalUrl } = await follow(url, options, signal);
    const fresh = freshness(response.headers, (options.now ?? Date.now)());
    const freshFor = fresh === undefined ? {} : { freshForMs: fresh };
    if (response.status === 304) {
      await response.body?.cancel();
      // A 304 may omit the validators; the ones sent still identify the version kept.
      return { notModified: true, validators: { ...options.validators, ...validatorsOf(response) }, ...freshFor };
    }
    const bytes = await readBounded(response, options.maxBodyBytes, (declared) =>
      declared === undefined
        ? new SourceError('too_large', `body too large (more than ${options.maxBodyBytes} bytes)`)
        : new SourceError('too_large', `body too large (Content-Length ${declared} > ${options.maxBodyBytes} bytes)`),
    );
    return { bytes, contentType: response.headers.get('content-type'), url: finalUrl, validators: validatorsOf(response), ...freshFor };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    if (signal.aborted) {
      const why = controller.signal.aborted ? `after ${options.timeoutMs} ms` : 'at the refresh deadline';
      throw new SourceError('timeout', `no complete answer ${why}`);
    }
    throw new SourceError('network_error', `request failed: ${describeError(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function follow(
  startUrl: string,
  options: FetchFeedOptions,
  signal: AbortSignal,
): Promise<{ response: Response; finalUrl: string }> {
  let url = new URL(startUrl);
  for (let redirects = 0; ; redirects++) {
    const address = await checkTarget(url, options.resolve, options, signal);
    const response = await options.connect({
      url: url.href,
      address,
      init: { redirect: 'manual', signal, headers: requestHeaders(options) },
    });
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location === null) throw new SourceError(`http_${response.status}`, `HTTP ${response.status} without a Location header`);
      if (redirects >= options.maxRedirects) {
        throw new SourceError('network_error', `too many redirects (more than ${options.maxRedirects})`);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new SourceError('network_error', `redirect to an invalid URL: ${location.slice(0, 200)}`);
      }
      if (url.protocol === 'https:' && next.protocol === 'http:') {
        throw new SourceError('blocked_address', `redirect from https to http refused: ${url.href} -> ${next.href}`);
      }
      url = next;
      continue;
    }
    // A 304 answers only a conditional request; to any other it is the error http_304.
    const conditional = options.validators?.etag !== undefined || options.validators?.lastModified !== undefined;
    if (response.status === 304 && conditional) return { response, finalUrl: url.href };
    if (!response.ok) {
      await response.body?.cancel();
      const retryAfterMs = response.status === 429 || response.status === 503 ? retryAfter(response.headers.get('retry-after'), options.now ?? Date.now) : undefined;
      throw new SourceError(`http_${response.status}`, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${url.href}`, retryAfterMs);
    }
    return { response, finalUrl: url.href };
  }
}

function requestHeaders(options: FetchFeedOptions): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: ACCEPT };
  if (options.validators?.etag !== undefined) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.lastModified !== undefined) headers['if-modified-since'] = options.validators.lastModified;
  return headers;
}

function validatorsOf(response: Response): Validators {
  const keep = (value: string | null): string | undefined =>
    value !== null && value.length > 0 && value.length <= VALIDATOR_MAX_CHARS ? value : undefined;
  const etag = keep(response.headers.get('etag'));
  const lastModified = keep(response.headers.get('last-modified'));
  return { ...(etag === undefined ? {} : { etag }), ...(lastModified === undefined ? {} : { lastModified }) };
}

/** Retry-After as delay-seconds or an HTTP date, in ms from now (0 to 6 hours); undefined when unreadable. */
export function retryAfter(value: string | null, now: () => number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (!Number.isFinite(at)) return undefined;
    ms = at - now();
  }
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}

/**
 * How long an answer stays fresh by its headers (RFC 9111), in ms: `Cache-Control: max-age` less
 * `Age`, else `Expires` less `Date`; 0 for `no-cache`, `no-store` or an unreadable `Expires`;
 * undefined when the headers say nothing.
 */
export function freshness(headers: Headers, now: number): number | undefined {
  const directives = (headers.get('cache-control') ?? '').toLowerCase().split(',').map((directive) => directive.trim());
  if (directives.includes('no-cache') || directives.includes('no-store')) return 0;
  const maxAge = directives.map((directive) => /^max-age="?(\d+)"?$/.exec(directive)?.[1]).find((value) => value !== undefined);
  if (maxAge !== undefined) return Math.max(0, Number(maxAge) - (Number(headers.get('age')) || 0)) * 1000;
  const expires = headers.get('expires');
  if (expires === null) return undefined;
  const at = Date.parse(expires);
  if (!Number.isFinite(at)) return 0;
  const date = Date.parse(headers.get('date') ?? '');
  return Math.max(0, at - (Number.isFinite(date) ? date : now));
}
