/**
 * An answer already validated off the main thread (src/feed-worker.ts): its stories, as
 * `storiesFromAnswer` would give them (docs/product.md#the-story-and-its-validation), so the
 * page does not validate them again. Marked with a registered symbol, not a class, because the
 * boot script (src/feed-boot.ts) and the app are separate bundles.
 */
import type { Story } from '../domain/story.ts';

const CHECKED = Symbol.for('newsroom.checkedStories');

export interface CheckedStories {
  readonly [CHECKED]: true;
  readonly stories: Story[];
}

export function checkedStories(stories: Story[]): CheckedStories {
  return { [CHECKED]: true, stories };
}

/** The validated stories of an answer marked as checked; undefined for any other value. */
export function storiesIfChecked(answer: unknown): Story[] | undefined {
  return typeof answer === 'object' && answer !== null && (answer as Partial<CheckedStories>)[CHECKED] === true
    ? (answer as CheckedStories).stories
    : undefined;
}
