import type { SupabaseClient } from '@supabase/supabase-js';
import { fromPromise } from 'xstate';
import { FETCH_TIMEOUT_MS } from '../../machines/fetchWithRetry.ts';
import { storiesFromAnswer } from '../domain/normalize.ts';
import type { Story } from '../domain/story.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config.ts';

let client: Promise<SupabaseClient> | undefined;

/**
 * The backend client, in a chunk of its own so it stays out of the first render's JavaScript.
 * `main.tsx` starts loading it before the first render, so the feed call is not held up by it.
 */
export function getClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(
    ({ createClient }) =>
      createClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
        // The page is anonymous: no session to keep, refresh or read from the URL.
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    (error: unknown) => {
      // A chunk that failed to load is tried again by the next call ("Try Again", the retry).
      client = undefined;
      throw error;
    },
  );
  return client;
}

/**
 * Calls the fetch-news function and resolves with its parsed JSON answer.
 * Rejects when the call fails: no connection, no answer within 10 s, a non-2xx status,
 * or a body that is not JSON (docs/product.md#loading-failure-retry-and-fallback).
 */
export async function fetchLiveAnswer(signal?: AbortSignal): Promise<unknown> {
  const supabase = await getClient();
  const { data, error, response } = await supabase.functions.invoke<unknown>('fetch-news', {
    method: 'POST',
    timeout: FETCH_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  // supabase-js's FunctionsHttpError, FunctionsRelayError or FunctionsFetchError.
  if (error) throw error;
  const labelledJson = response?.headers.get('content-type')?.split(';')[0]?.trim() === 'application/json';
  // supabase-js parsed a JSON answer already (a JSON string is valid, if useless: no stories).
  if (labelledJson) return data;
  // Otherwise it handed back text or bytes: the answer counts only if that text is JSON.
  if (typeof data !== 'string') throw new Error('The fetch-news answer is not JSON');
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw new Error('The fetch-news answer is not JSON');
  }
}

/**
 * The live call as the feed machine invokes it (`fetchStories`): an answer's stories after
 * validation (docs/product.md#the-story-and-its-validation), so the machine only decides
 * between some stories and none. `fetchAnswer` is the call itself; tests pass a scripted one.
 */
export function liveStoriesActor(fetchAnswer: (signal: AbortSignal) => Promise<unknown> = fetchLiveAnswer) {
  return fromPromise<Story[]>(async ({ signal }) => storiesFromAnswer(await fetchAnswer(signal)).stories);
}
