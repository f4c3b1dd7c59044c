import type { SnapshotFrom } from 'xstate';
import type { feedMachine } from '../../machines/feed.ts';

export type FeedStatus = 'loading' | 'live' | 'demo' | 'error';

/** What the story area shows, from the feed machine's tags. */
export function selectFeedStatus(snapshot: SnapshotFrom<typeof feedMachine>): FeedStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('demo')) return 'demo';
  if (snapshot.hasTag('error')) return 'error';
  return 'live';
}

export const selectStories = (snapshot: SnapshotFrom<typeof feedMachine>) => snapshot.context.stories;
