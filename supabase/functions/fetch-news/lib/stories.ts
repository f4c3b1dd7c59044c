import type { Feed, FeedItem } from './feed-model.ts';
import { storyId } from './story-id.ts';
import { truncateSummary } from './summary.ts';
import type { Source, Story } from './types.ts';

export interface StoryLimits {
  readonly itemsPerSource: number;
  readonly summaryMaxChars: number;
}

interface Candidate {
  readonly item: FeedItem;
  readonly link: string;
  readonly id: string;
  readonly time: number;
  readonly index: number;
}

/**
 * The stories of one source: items without a title or a link are dropped, an
 * item without a date takes the feed's date, else the fetch time; newest first,
 * at most `itemsPerSource`. Summaries and images are read only for those kept.
 */
export function feedToStories(feed: Feed, source: Source, fetchedAt: Date, limits: StoryLimits): Story[] {
  const fallbackTime = (feed.updated ?? fetchedAt).getTime();
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  feed.items.forEach((item, index) => {
    if (item.title === '' || item.link === undefined) return;
    const id = storyId(source.name, item.guid ?? item.link);
    if (seen.has(id)) return;
    seen.add(id);
    // Not spread: that would read the lazily computed summary and image of every item.
    candidates.push({ item, link: item.link, id, time: item.published?.getTime() ?? fallbackTime, index });
  });
  return candidates
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .slice(0, limits.itemsPerSource)
    .map(({ item, link, id, time }) => {
      const story: Story = {
        id,
        title: item.title,
        summary: truncateSummary(item.summary, limits.summaryMaxChars),
        source: source.name,
        url: link,
        published_at: new Date(time).toISOString(),
        category: source.category,
      };
      const image = item.image;
      if (image !== undefined) story.image = image;
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
