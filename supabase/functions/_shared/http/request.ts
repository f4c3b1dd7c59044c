/**
 * What a fetch-news request asks for (docs/product.md#the-fetch-news-function): the newest page,
 * the page before a cursor, stories by id, followed stories as they stand now, one story's whole
 * coverage, or a search. Anything else is a 400 with one of the codes of RequestErrorCode.
 */
import { MAX_FOLLOWS, MAX_IDS } from '../story.ts';
import type { Cursor } from '../store/stories.ts';

export const MAX_QUERY_CHARS = 200;
// Wider than the ids the ingest makes: a bookmark of a sample story (`sample-1`) or an older id is simply not found.
const ID = /^[0-9A-Za-z._:-]{1,128}$/;
const CURSOR_MAX_CHARS = 200;

/** The shape of a story id the function accepts (`?ids=`, `?follow=`, `?story=`, follow-news). */
export const isStoryId = (id: string): boolean => ID.test(id);

export type RequestErrorCode = 'invalid_parameters' | 'invalid_cursor' | 'invalid_ids' | 'too_many_ids' | 'invalid_id' | 'empty_query' | 'query_too_long';

export type NewsRequest =
  | { readonly kind: 'newest'; readonly before?: Cursor }
  | { readonly kind: 'ids'; readonly ids: readonly string[] }
  | { readonly kind: 'follow'; readonly ids: readonly string[] }
  | { readonly kind: 'story'; readonly id: string; readonly after?: Cursor }
  | { readonly kind: 'search'; readonly query: string }
  | { readonly kind: 'error'; readonly error: RequestErrorCode };

/** The opaque cursor of a page's last story: base64url of its date and id. */
export function encodeCursor(cursor: Cursor): string {
  return btoa(`${cursor.publishedAt.toISOString()} ${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(text: string): Cursor | undefined {
  if (text.length > CURSOR_MAX_CHARS || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) ([0-9a-z]{1,64})$/.exec(plain);
  if (!match) return undefined;
  const publishedAt = new Date(match[1] as string);
  if (!Number.isFinite(publishedAt.getTime())) return undefined;
  return { publishedAt, id: match[2] as string };
}

const PARAMETERS = new Set(['before', 'ids', 'follow', 'story', 'q']);
/** The one request of two parameters: a story's reports after a cursor (its answer's `next`). */
const STORY_PAGE = ['after', 'story'];

export function parseNewsRequest(url: URL): NewsRequest {
  const keys = [...url.searchParams.keys()];
  if (keys.length === 2 && [...keys].sort().join() === STORY_PAGE.join()) {
    const [id, after] = [url.searchParams.get('story') ?? '', decodeCursor(url.searchParams.get('after') ?? '')];
    if (!isStoryId(id)) return { kind: 'error', error: 'invalid_id' };
    return after ? { kind: 'story', id, after } : { kind: 'error', error: 'invalid_cursor' };
  }
  if (keys.length > 1 || keys.some((key) => !PARAMETERS.has(key))) return { kind: 'error', error: 'invalid_parameters' };
  const [key] = keys;
  const value = key === undefined ? '' : (url.searchParams.get(key) ?? '');
  if (key === undefined) return { kind: 'newest' };
  if (key === 'before') {
    const before = decodeCursor(value);
    return before ? { kind: 'newest', before } : { kind: 'error', error: 'invalid_cursor' };
  }
  if (key === 'ids' || key === 'follow') {
    const ids = [...new Set(value.split(',').map((id) => id.trim()))];
    if (ids.length > (key === 'ids' ? MAX_IDS : MAX_FOLLOWS)) return { kind: 'error', error: 'too_many_ids' };
    if (ids.some((id) => !isStoryId(id))) return { kind: 'error', error: 'invalid_ids' };
    return { kind: key, ids };
  }
  if (key === 'story') return isStoryId(value) ? { kind: 'story', id: value } : { kind: 'error', error: 'invalid_id' };
  const query = value.trim();
  if (query === '') return { kind: 'error', error: 'empty_query' };
  if (query.length > MAX_QUERY_CHARS) return { kind: 'error', error: 'query_too_long' };
  return { kind: 'search', query };
}
