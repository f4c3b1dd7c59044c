/** What the page shows of the feed and its older pages, read from their machines (docs/machines.md). */
import type { SnapshotFrom } from 'xstate';
import type { FeedStatus, feedMachine } from '../../machines/feed.ts';
import type { olderStoriesMachine } from '../../machines/olderStories.ts';

type FeedSnapshot = SnapshotFrom<typeof feedMachine>;
type OlderSnapshot = SnapshotFrom<typeof olderStoriesMachine>;


/** What the story area shows, from the feed machine's source of the stories on screen. */
export function selectFeedStatus(snapshot: FeedSnapshot): FeedStatus {
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
export const selectKeptAt = (snapshot: FeedSnapshot) => snapshot.context.keptAt;

/** The live answer held back over kept stories until the page shows it; null when none is. */
export const selectHeldBack = (snapshot: FeedSnapshot) => (snapshot.hasTag('newStories') ? snapshot.context.incoming : null);

export const selectStories = (snapshot: FeedSnapshot) => snapshot.context.stories;

/** The previous visit's time while live stories show (their "New" marks: docs/product.md#new-since-your-last-visit); else null. */
export const selectNewSince = (snapshot: FeedSnapshot) => (snapshot.context.source === 'live' ? snapshot.context.lastVisit : null);

/** "Show older stories" at the end of the list: its state, or null when there is nothing older. */
export type OlderStatus = 'idle' | 'loading' | 'failed';

export const selectOlderStatus = (snapshot: OlderSnapshot): OlderStatus | null =>
  snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('canLoad') ? 'idle' : null;
