import type { SnapshotFrom } from 'xstate';
import type { feedMachine } from '../../machines/feed.ts';

/** `kept`: stories kept by an earlier visit while the live call runs; `offline`: they stay after it failed. */
export type FeedStatus = 'loading' | 'live' | 'kept' | 'offline' | 'demo' | 'error';

/** What the story area shows, from the feed machine's source of the stories on screen. */
export function selectFeedStatus(snapshot: SnapshotFrom<typeof feedMachine>): FeedStatus {
  if (snapshot.hasTag('error')) return 'error';
  switch (snapshot.context.source) {
    case null:
      return 'loading';
    case 'samples':
      return 'demo';
    default:
      return snapshot.context.source;
  }
}

/** When the kept stories on screen were kept (ISO), or null. */
export const selectKeptAt = (snapshot: SnapshotFrom<typeof feedMachine>) => snapshot.context.keptAt;

/** The live answer held back over kept stories until the page shows it; null when none is. */
export const selectHeldBack = (snapshot: SnapshotFrom<typeof feedMachine>) => (snapshot.hasTag('newStories') ? snapshot.context.incoming : null);

export const selectStories = (snapshot: SnapshotFrom<typeof feedMachine>) => snapshot.context.stories;
