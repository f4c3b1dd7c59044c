import type { SnapshotFrom } from 'xstate';
import type { feedMachine } from '../../machines/feed.ts';

/** `kept`: stories kept by an earlier visit while the live call runs; `offline`: they stay after it failed. */
export type FeedStatus = 'loading' | 'live' | 'kept' | 'offline' | 'demo' | 'error';

/** What the story area shows, from the feed machine's tags. */
export function selectFeedStatus(snapshot: SnapshotFrom<typeof feedMachine>): FeedStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('kept')) return 'kept';
  if (snapshot.hasTag('offline')) return 'offline';
  if (snapshot.hasTag('demo')) return 'demo';
  if (snapshot.hasTag('error')) return 'error';
  return 'live';
}

/** When the kept stories on screen were kept (ISO), or null. */
export const selectKeptAt = (snapshot: SnapshotFrom<typeof feedMachine>) => snapshot.context.keptAt;

/** The live answer held back over kept stories until the page shows it; null when none is. */
export const selectHeldBack = (snapshot: SnapshotFrom<typeof feedMachine>) => (snapshot.hasTag('newStories') ? snapshot.context.incoming : null);

export const selectStories = (snapshot: SnapshotFrom<typeof feedMachine>) => snapshot.context.stories;
