/**
 * A call of the page to fetch-news, as every caller makes it (docs/product.md#timings-and-constants):
 * the page of stories it answers, and how long an answer may take.
 */
import type { Story } from './story.ts';

/** A call with no answer within this time is a failure: the first page, an older page, the last 30 days, the saved stories' refresh. */
export const CALL_TIMEOUT_MS = 10_000;

/** One answer as the page reads it: its valid stories, and the cursor of the page after them (null when nothing is older). */
export interface StoryPage {
  stories: Story[];
  next: string | null;
}
