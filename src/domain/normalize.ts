import { DEFAULT_CATEGORY, MAX_RELATED, type RelatedLink, type Story } from './story.ts';
import { isHttpUrl } from './url.ts';

export type DropReason =
  | 'not-an-object'
  | 'missing-id'
  | 'missing-title'
  | 'missing-url'
  | 'invalid-url'
  | 'duplicate-id';

export interface DroppedItem {
  index: number;
  reason: DropReason;
}

export interface NormalizeResult {
  stories: Story[];
  dropped: DroppedItem[];
}

type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Own properties only, so a polluted Object.prototype can never supply a field.
export function field(item: JsonObject, key: string): unknown {
  return Object.hasOwn(item, key) ? item[key] : undefined;
}

/** The trimmed string, or '' when the value is not a string. */
function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The valid entries of a story's `related` value, in order: a non-empty `source` and an absolute
 * http(s) `url` (both trimmed, as for stories), not the story's own url and not a url already
 * kept; at most MAX_RELATED. Anything else is dropped without affecting the story.
 */
export function normalizeRelated(value: unknown, storyUrl: string): RelatedLink[] {
  if (!Array.isArray(value)) return [];
  const kept: RelatedLink[] = [];
  const urls = new Set([storyUrl]);
  for (let index = 0; index < value.length && kept.length < MAX_RELATED; index += 1) {
    const entry: unknown = value[index];
    if (!isPlainObject(entry)) continue;
    const source = trimmed(field(entry, 'source'));
    const url = trimmed(field(entry, 'url'));
    if (source === '' || !isHttpUrl(url) || urls.has(url)) continue;
    urls.add(url);
    kept.push({ source, url });
  }
  return kept;
}

type Checked = { story: Story } | { reason: Exclude<DropReason, 'duplicate-id'> };

function checkItem(item: unknown): Checked {
  if (!isPlainObject(item)) return { reason: 'not-an-object' };
  const id = trimmed(field(item, 'id'));
  if (id === '') return { reason: 'missing-id' };
  const title = trimmed(field(item, 'title'));
  if (title === '') return { reason: 'missing-title' };
  const url = trimmed(field(item, 'url'));
  if (url === '') return { reason: 'missing-url' };
  if (!isHttpUrl(url)) return { reason: 'invalid-url' };

  const summary = field(item, 'summary');
  const publishedAt = field(item, 'published_at');
  const image = field(item, 'image');
  const story: Story = {
    id,
    title,
    summary: typeof summary === 'string' ? summary : '',
    source: trimmed(field(item, 'source')) || new URL(url).host,
    url,
    published_at: typeof publishedAt === 'string' ? publishedAt : '',
    category: trimmed(field(item, 'category')) || DEFAULT_CATEGORY,
  };
  if (isHttpUrl(image)) story.image = image;
  const related = normalizeRelated(field(item, 'related'), url);
  if (related.length > 0) story.related = related;
  return { story };
}

/** One stored or answered story, validated as a feed answer's are; null when it is not one. */
export function storyOf(item: unknown): Story | null {
  const checked = checkItem(item);
  return 'story' in checked ? checked.story : null;
}

/**
 * Validates the `stories` value of a feed answer (docs/product.md#the-story-and-its-validation).
 * Checks run in the order of DropReason; an id counts as taken only once an item with it is kept.
 * With `limit`, it stops once that many stories are kept: the first `limit` stories of the whole
 * answer (an item is kept or dropped by itself and the items before it), and the drops before them.
 */
export function normalizeStories(input: unknown, limit = Number.POSITIVE_INFINITY): NormalizeResult {
  const result: NormalizeResult = { stories: [], dropped: [] };
  if (!Array.isArray(input)) return result;
  const seen = new Set<string>();
  // An index loop, not forEach, so holes in a sparse array are reported too.
  for (let index = 0; index < input.length && result.stories.length < limit; index += 1) {
    const checked = checkItem(input[index]);
    if ('reason' in checked) {
      result.dropped.push({ index, reason: checked.reason });
    } else if (seen.has(checked.story.id)) {
      result.dropped.push({ index, reason: 'duplicate-id' });
    } else {
      seen.add(checked.story.id);
      result.stories.push(checked.story);
    }
  }
  return result;
}

/** Reads `stories` from a parsed feed answer (the first `limit` of them); anything else gives an empty result. */
export function storiesFromAnswer(body: unknown, limit?: number): NormalizeResult {
  return normalizeStories(isPlainObject(body) ? field(body, 'stories') : undefined, limit);
}
