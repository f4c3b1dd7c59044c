import type { AggregateConfig } from './config.ts';
import { mapWithLimit } from './concurrency.ts';
import { fetchFeed } from './fetch-feed.ts';
import { groupStories } from './group.ts';
import { parseFeedBytes } from './parse-feed.ts';
import { feedToStories, newestFirst } from './stories.ts';
import type { FetchLike, NewsAnswer, Source, SourceStatus, Story } from './types.ts';
import { canonicalUrl } from './urls.ts';

export interface AggregateDeps {
  readonly fetch: FetchLike;
  readonly now: () => Date;
  readonly config: AggregateConfig;
}

interface SourceResult {
  readonly status: SourceStatus;
  readonly stories: readonly Story[];
}

/** Fetches every source (a bounded number at once) and merges their stories. Never rejects. */
export async function aggregate(sources: readonly Source[], deps: AggregateDeps): Promise<NewsAnswer> {
  const results = await mapWithLimit(sources, deps.config.maxConcurrentFetches, (source) => loadSource(source, deps));
  return {
    stories: groupStories(mergeStories(results.map((result) => result.stories), deps.config.maxStories)),
    generated_at: deps.now().toISOString(),
    sources: results.map((result) => result.status),
  };
}

async function loadSource(source: Source, deps: AggregateDeps): Promise<SourceResult> {
  try {
    const fetched = await fetchFeed(source.url, { fetch: deps.fetch, ...deps.config });
    const feed = parseFeedBytes(fetched.bytes, fetched.contentType, fetched.url, { summaryChars: deps.config.summaryMaxChars });
    const stories = feedToStories(feed, source, deps.now(), deps.config);
    return { status: { name: source.name, ok: true, count: stories.length }, stories };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: { name: source.name, ok: false, count: 0, error: message }, stories: [] };
  }
}

/**
 * One story per canonical URL (the first source in file order wins, borrowing an
 * image from a duplicate if it has none) and per id; newest first; at most `max`.
 */
export function mergeStories(perSource: readonly (readonly Story[])[], max: number): Story[] {
  const byUrl = new Map<string, Story>();
  const ids = new Set<string>();
  for (const stories of perSource) {
    for (const story of stories) {
      const key = canonicalUrl(story.url);
      const kept = byUrl.get(key);
      if (kept) {
        if (kept.image === undefined && story.image !== undefined) kept.image = story.image;
        continue;
      }
      if (ids.has(story.id)) continue;
      ids.add(story.id);
      byUrl.set(key, { ...story });
    }
  }
  return newestFirst([...byUrl.values()]).slice(0, max);
}
