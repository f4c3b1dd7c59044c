/**
 * What `sources[].error` may say (docs/product.md#the-fetch-news-function). The answer
 * carries only the code; the details go to the function's log.
 */
export type SourceErrorCode =
  | 'timeout'
  | 'too_slow'
  | `http_${number}`
  | 'not_a_feed'
  | 'invalid_xml'
  | 'too_large'
  | 'blocked_address'
  | 'network_error';

/** A source failed for a reason the answer reports as `code`; `message` is the detail for the log. */
export class SourceError extends Error {
  override readonly name = 'SourceError';
  constructor(
    readonly code: SourceErrorCode,
    detail: string,
    /** The server's Retry-After (429 and 503), in milliseconds from now, when it gave a readable one. */
    readonly retryAfterMs?: number,
  ) {
    super(detail);
  }
}

/** A one-line description of an error, its cause included, for the log. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
}
