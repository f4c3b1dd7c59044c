/** The Story (and answer) contract is the function's, defined once with its limits (docs/product.md#the-story-and-its-validation). */
import type { Story } from '../../supabase/functions/_shared/story.ts';
import { isHttpUrl } from './url.ts';

export { MAX_IDS, MAX_RELATED, MAX_STORIES, type RelatedLink, type Report, type Story, type StoryCoverage } from '../../supabase/functions/_shared/story.ts';

export const DEFAULT_CATEGORY = 'General';

/** The built-in sample stories' ids begin so (src/domain/samples.ts); the function's never do (they are hashes). */
export const SAMPLE_ID_PREFIX = 'sample-';

/** A built-in sample story (docs/product.md#loading-failure-retry-and-fallback): nothing will ever report on it, so it cannot be followed. */
export const isSampleStory = (story: Pick<Story, 'id'>): boolean => story.id.startsWith(SAMPLE_ID_PREFIX);

/** A call of the page to fetch-news with no answer within this time is a failure: the first page, an older page, the last 30 days, the saved stories' refresh. */
export const CALL_TIMEOUT_MS = 10_000;

/** One answer as the page reads it: its valid stories, and the cursor of the page after them (null when nothing is older). */
export interface FeedPage {
  stories: Story[];
  next: string | null;
}

/** The first matches, shown large as Top Stories (docs/product.md#screens-and-states). */
export const TOP_STORIES_COUNT = 3;

/**
 * The story whose image is the first screen's largest (its likely LCP): Top Stories' first image.
 * Here, beside the contract: the feed call's own script uses it too, and must not bring filter.ts's Intl.
 */
export function leadImageStory(matches: readonly Story[]): Story | undefined {
  return matches.slice(0, TOP_STORIES_COUNT).find((story) => isHttpUrl(story.image));
}
