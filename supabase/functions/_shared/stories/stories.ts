import type { Feed, FeedItem } from '../parse/feed-model.ts';
import { storyId } from './story-id.ts';
import { truncateSummary } from '../text/summary.ts';
import type { Story } from '../story.ts';
import type { Source } from './sources-file.ts';

export interface StoryLimits {
  readonly itemsPerSource: number;
  readonly summaryMaxChars: number;
  /** Default 300. */
  readonly titleMaxChars?: number;
  /** Default 2,048. */
  readonly urlMaxChars?: number;
  /** Default 5 minutes. */
  readonly futureToleranceMs?: number;
  /** Called before each story is made; throws to stop. */
  readonly checkBudget?: () => void;
}

const TITLE_MAX_CHARS = 300;
const URL_MAX_CHARS = 2_048;
const FUTURE_TOLERANCE_MS = 5 * 60_000;

interface Candidate {
  readonly item: FeedItem;
  readonly link: string;
  readonly id: string;
  readonly time: number;
  readonly index: number;
}

/**
 * The stories of one source (docs/product.md#the-fetch-news-function): items without a
 * title or a link, or with a link over `urlMaxChars`, are dropped; titles are cut to
 * `titleMaxChars` at a word boundary; an image over `urlMaxChars` is left out. An item
 * without a date takes the feed's date, else the fetch time; a date more than
 * `futureToleranceMs` after the fetch time becomes the fetch time. Newest first, at most
 * `itemsPerSource`. Summaries and images are read only for those kept.
 */
export function feedToStories(feed: Feed, source: Source, fetchedAt: Date, limits: StoryLimits): Story[] {
  const fetchTime = fetchedAt.getTime();
  const latest = fetchTime + (limits.futureToleranceMs ?? FUTURE_TOLERANCE_MS);
  const notFuture = (time: number): number => (time > latest ? fetchTime : time);
  const urlMax = limits.urlMaxChars ?? URL_MAX_CHARS;
  const fallbackTime = notFuture((feed.updated ?? fetchedAt).getTime());
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  feed.items.forEach((item, index) => {
    if (item.title === '' || item.link === undefined || item.link.length > urlMax) return;
    const id = storyId(source.name, item.guid ?? item.link);
    if (seen.has(id)) return;
    seen.add(id);
    const time = item.published === undefined ? fallbackTime : notFuture(item.published.getTime());
    // Not spread: that would read the lazily computed summary and image of every item.
    candidates.push({ item, link: item.link, id, time, index });
  });
  return candidates
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .slice(0, limits.itemsPerSource)
    .map(({ item, link, id, time }) => {
      limits.checkBudget?.();
      const story: Story = {
        id,
        title: truncateSummary(item.title, limits.titleMaxChars ?? TITLE_MAX_CHARS),
        summary: truncateSummary(item.summary, limits.summaryMaxChars),
        source: source.name,
        url: link,
        published_at: new Date(time).toISOString(),
        category: source.category,
      };
      const image = item.image;
      if (image !== undefined && image.length <= urlMax) story.image = image;
      return story;
    });
}

/** Stable: stories with the same date keep their order. */
export function newestFirst(stories: readonly Story[]): Story[] {
  return stories
    .map((story, index) => ({ story, index, time: Date.parse(story.published_at) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ story }) => story);
}
