import type { FetchLike } from './types.ts';

export interface FetchFeedOptions {
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly maxRedirects: number;
  readonly userAgent: string;
}

export interface FetchedFeed {
  readonly bytes: Uint8Array;
  readonly contentType: string | null;
  /** The URL after redirects: relative links resolve against it. */
  readonly url: string;
}

export class FetchFeedError extends Error {
  override readonly name = 'FetchFeedError';
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/**
 * GETs a feed within one deadline covering connection, redirects and body, and
 * refuses bodies over the size limit while they stream in.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const { response, finalUrl } = await follow(url, options, controller.signal);
    const bytes = await readBody(response, options.maxBodyBytes);
    return { bytes, contentType: response.headers.get('content-type'), url: finalUrl };
  } catch (error) {
    if (controller.signal.aborted) throw new FetchFeedError(`timed out after ${options.timeoutMs} ms`);
    if (error instanceof FetchFeedError) throw error;
    throw new FetchFeedError(`request failed: ${describe(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function follow(
  startUrl: string,
  options: FetchFeedOptions,
  signal: AbortSignal,
): Promise<{ response: Response; finalUrl: string }> {
  let url = startUrl;
  for (let redirects = 0; ; redirects++) {
    const response = await options.fetch(url, {
      redirect: 'manual',
      signal,
      headers: { 'user-agent': options.userAgent, accept: ACCEPT },
    });
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (location === null) throw new FetchFeedError(`HTTP ${response.status} without a Location header`);
      if (redirects >= options.maxRedirects) {
        throw new FetchFeedError(`too many redirects (more than ${options.maxRedirects})`);
      }
      const nextUrl = new URL(location, url);
      if (nextUrl.protocol !== 'http:' && nextUrl.protocol !== 'https:') {
        throw new FetchFeedError(`redirect to a non-HTTP URL (${nextUrl.protocol})`);
      }
      url = nextUrl.href;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FetchFeedError(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    }
    return { response, finalUrl: url };
  }
}

async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new FetchFeedError(`body too large (Content-Length ${declared} > ${maxBytes} bytes)`);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FetchFeedError(`body too large (more than ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}
