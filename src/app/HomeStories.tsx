/**
 * What the home page lists, from its machines and its URL (docs/product.md#search-categories-and-the-url):
 * every story loaded (the first page, then the older ones it does not hold), the categories
 * among them and the saved copies; and the story area with the matches of the filters. The list
 * follows the machines in React's background render, in slices (an actor's update is otherwise
 * drawn at once, in one long task), and the search box's text at every key, each key
 * interrupting the last key's render: only the story area reads the text being typed.
 */
import { memo, Suspense, useCallback, useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import { useBookmarks, useBookmarksActor } from '../bookmarks/actors.ts';
import { categoriesOf, filterStories } from '../domain/filter.ts';
import { savedView } from '../domain/saved-stories.ts';
import type { ShareTarget } from '../domain/share.ts';
import type { Story } from '../domain/story.ts';
import { useFeed, useFeedActor, useOlder, useOlderActor } from '../feed/actors.ts';
import { useFollowsActor, useFollowedIds } from '../follow/actors.ts';
import { selectFeedStatus, selectNewSince, selectOlderStatus, selectOlderStories, selectStories } from '../feed/selectors.ts';
import { useShareActor } from '../reader/actors.ts';
import { canShareNatively } from '../reader/nativeShare.ts';
import { useHomeFilters, useSearchText } from '../search/useHomeFilters.ts';
import { StoryArea } from '../stories/StoryArea.tsx';
import type { CardListProps } from '../stories/StorySections.tsx';
import { laterComponent } from '../ui/later.ts';

// The Following view, older pages and the last 30 days: shown with following=1, when the feed has a `next`, or with the box's text.
const FollowingView = laterComponent('FollowingView');
const OlderStories = laterComponent('OlderStories');
const ArchiveSection = laterComponent('ArchiveSection');

const sameList = (a: readonly Story[], b: readonly Story[]) => a.length === b.length && a.every((story, i) => story === b[i]);
const noChanges = () => () => {};

export function useHomeStories() {
  const status = useDeferredValue(useFeed(selectFeedStatus));
  const firstPage = useDeferredValue(useFeed(selectStories));
  const older = useOlder(selectOlderStories, sameList);
  const stories = useMemo(() => (older.length === 0 ? firstPage : [...firstPage, ...older]), [firstPage, older]);
  const bookmarkIds = useBookmarks((snapshot) => snapshot.context.ids);
  const savedCopies = useBookmarks((snapshot) => snapshot.context.stories);
  // The saved copies' categories too: the Saved view shows them.
  const categories = useMemo(() => categoriesOf(savedCopies.length === 0 ? stories : [...stories, ...savedCopies]), [stories, savedCopies]);
  const filters = useHomeFilters(categories);

  const bookmarks = useBookmarksActor();
  const share = useShareActor();
  const toggleBookmark = useCallback((story: Story) => bookmarks.send({ type: 'bookmark.toggle', story }), [bookmarks]);
  const onShare = useCallback((story: Story, target: ShareTarget) => share.send({ type: 'story.share', story, target }), [share]);
  const newSince = useFeed(selectNewSince);
  // The system share sheet, where there is one (none in the frame, drawn before any browser is known).
  const nativeShare = useSyncExternalStore(noChanges, canShareNatively, () => false);
  const bookmarked = useMemo(() => new Set(bookmarkIds), [bookmarkIds]);
  const follows = useFollowsActor();
  const followedIds = useFollowedIds();
  const followed = useMemo(() => new Set(followedIds), [followedIds]);
  const toggleFollow = useCallback((story: Story) => follows.send({ type: 'follow.toggle', story, at: new Date().toISOString() }), [follows]);
  // What every card is given, in the story area and in the last 30 days alike.
  const cardProps: CardListProps = useMemo(
    () => ({ bookmarks: bookmarked, onToggleBookmark: toggleBookmark, onShare, lastVisit: newSince, canShareNatively: nativeShare, follows: followed, onToggleFollow: toggleFollow }),
    [bookmarked, toggleBookmark, onShare, newSince, nativeShare, followed, toggleFollow],
  );
  return { status, stories, bookmarkIds, savedCopies, categories, filters, newSince, toggleBookmark, toggleFollow, cardProps };
}

type HomeResultsProps = Pick<ReturnType<typeof useHomeStories>, 'status' | 'stories' | 'bookmarkIds' | 'savedCopies' | 'filters' | 'cardProps'>;

/** The story area: the matches, the end of the list (older pages) and the last 30 days after it. */
export const HomeResults = memo(function HomeResults({ status, stories, bookmarkIds, savedCopies, filters, cardProps }: HomeResultsProps) {
  const typed = useSearchText(filters.query);
  const text = useDeferredValue(typed);
  const { savedOnly, categories } = filters.filter;
  // Saved: every saved story in the order saved, from the page or its kept copy (docs/product.md#saved-stories-last).
  const listed = useMemo(() => (savedOnly ? savedView(bookmarkIds, stories, savedCopies) : stories), [savedOnly, bookmarkIds, stories, savedCopies]);
  const matches = useMemo(() => filterStories(listed, { query: text, categories, savedOnly }, cardProps.bookmarks), [listed, text, categories, savedOnly, cardProps.bookmarks]);
  const feed = useFeedActor();
  const older = useOlderActor();
  const olderStatus = useOlder(selectOlderStatus);
  const retry = useCallback(() => feed.send({ type: 'feed.retry' }), [feed]);
  const loadOlder = useCallback(() => older.send({ type: 'older.load' }), [older]);
  const retryOlder = useCallback(() => older.send({ type: 'older.retry' }), [older]);
  const { showArchive } = filters;
  const searchArchive = useCallback(() => showArchive(typed), [showArchive, typed]);
  if (filters.following) {
    return (
      <Suspense fallback={null}>
        <FollowingView {...cardProps} />
      </Suspense>
    );
  }
  return (
    <StoryArea
      status={status}
      matches={matches}
      query={text}
      holdAnnouncement={text !== filters.query}
      onRetry={retry}
      onClearFilters={filters.clearFilters}
      listEnd={
        olderStatus !== null && (
          <Suspense fallback={null}>
            <OlderStories status={olderStatus} onLoad={loadOlder} onRetry={retryOlder} />
          </Suspense>
        )
      }
      afterResults={
        text.trim() !== '' && (
          <Suspense fallback={null}>
            <ArchiveSection onPage={matches} onSearch={searchArchive} {...cardProps} />
          </Suspense>
        )
      }
      {...cardProps}
    />
  );
});
