/**
 * The one way the page talks to the backend's functions (fetch-news, follow-news): where they are,
 * the public anon key they take (as `apikey` and bearer token, as supabase-js's `functions.invoke`
 * sends it for an anonymous page), and what counts as an answer, with `fetch` alone.
 */

/** Where the functions are and the key they take: build-time configuration (docs/product.md#configuration-and-commands). */
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321';

/** The public anon key. The default only works against the local function, which checks no key. */
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || 'local-development-anon-key';

/** The backend's functions the page calls. */
export type FunctionName = 'fetch-news' | 'follow-news';

/** An answer with a status other than 2xx: the caller may tell them apart (a story's 404). */
export class AnswerStatusError extends Error {
  constructor(
    readonly fn: FunctionName,
    readonly status: number,
  ) {
    super(`The ${fn} function answered with a non-2xx status: ${status}`);
    this.name = 'AnswerStatusError';
  }
}

/** An answer that is not JSON: a body of bytes, or text that does not parse. */
export const notJson = (fn: FunctionName) => `The ${fn} answer is not JSON`;

/** Answers that are not text at all, whatever they contain. */
const NOT_TEXT = new Set(['application/octet-stream', 'application/pdf', 'text/event-stream', 'multipart/form-data']);

/** The function's address, with `query` when it has any parameter. */
export function functionUrl(fn: FunctionName, query?: URLSearchParams): string {
  const search = query?.toString() ?? '';
  return `${SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/${fn}${search ? `?${search}` : ''}`;
}

export interface FunctionCall {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: URLSearchParams;
  /** Sent as JSON. */
  body?: unknown;
  /** The caller's bound: each caller is a machine that leaves the call after its own delay, which aborts it. */
  signal?: AbortSignal;
}

/**
 * One call of `fn` and its JSON answer, not yet validated (the caller validates it). Rejects when the
 * call fails (a 204 answers null): no connection (fetch's TypeError), `signal` aborted, an error at the Supabase relay,
 * a non-2xx status (AnswerStatusError), or a body that is not JSON.
 */
export async function callFunction(fn: FunctionName, { method = 'GET', query, body, signal }: FunctionCall = {}): Promise<unknown> {
  const headers: Record<string, string> = { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(functionUrl(fn, query), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  if (response.headers.get('x-relay-error') === 'true') throw new Error(`${fn} failed at the Supabase relay`);
  if (!response.ok) throw new AnswerStatusError(fn, response.status);
  // Done, with nothing to say (follow-news's POST and DELETE).
  if (response.status === 204) return null;
  const type = (response.headers.get('content-type') ?? '').replace(/;.*$/s, '').trim().toLowerCase();
  if (NOT_TEXT.has(type)) throw new Error(notJson(fn));
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(notJson(fn));
  }
}
