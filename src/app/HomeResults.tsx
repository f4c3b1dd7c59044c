/**
 * What the home page lists, from its machines and its URL (docs/product.md#search-categories-and-the-url),
 * made once by the page's list (src/domain/page-list.ts); and the story area that lays it out.
 * The list follows the machines in React's background render, in slices (an actor's update is
 * otherwise drawn at once, in one long task), and the search box's text at every key, each key
 * interrupting the last key's render.
 */
import { memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useBookmarks, useBookmarksActor } from '../bookmarks/actors.ts';
import { followedStories } from '../domain/follows.ts';
import { pageList } from '../domain/page-list.ts';
import type { ShareTarget } from '../domain/share.ts';
import type { Story } from '../domain/story.ts';
import { useFeed, useFeedActor, useOlder, useOlderActor } from '../feed/actors.ts';
import { selectFeedStatus, selectNewSince, selectOlderStatus, selectStories } from '../feed/selectors.ts';
import { useFollows, useFollowsActor, useFollowedIds } from '../follow/actors.ts';
import { canShareNatively } from '../share/native-share.ts';
import { useShareActor } from '../share/share-actor.ts';
import { useArchive } from '../search/actors.ts';
import { useHomeFilters } from '../search/useHomeFilters.ts';
import { useHiddenSources, useHiddenSourcesActor, useReadIds, useReadMarksActor } from '../front-page/actors.ts';
import { useQuery } from '../search/useQuery.ts';
import { StoryArea } from '../stories/StoryArea.tsx';
import type { CardParts } from '../stories/StoryCard.tsx';
import type { CardListProps } from '../stories/StorySections.tsx';
import { later } from './later.ts';

// The Following view and the last 30 days: shown with following=1, or with the box's text.
const FollowingView = later.component('FollowingView');
const ArchiveSection = later.component('ArchiveSection');
// "Show older stories", when the feed has a `next`: after the first screen.
const OlderStories = later.component('OlderStories', { waits: true });
// Only a search or filter with no match shows it.
const EmptyState = later.component('EmptyState');
/** "Hidden outlets": its dialog, on a press of "Hidden outlets ({M})". */
export const HiddenOutletsDialog = later.component('HiddenOutletsDialog');
// Only a list whose every story is from a hidden outlet shows it.
const EveryStoryHidden = later.component('EveryStoryHidden');

/** What every card draws from the later part: the other outlets' disclosure waits for it, after the first screen. */
export const CARD_PARTS: CardParts = { RelatedSources: later.component('RelatedSources', { waits: true }), ShareMenu: later.component('ShareMenu'), MoreOptionsMenu: later.component('MoreOptionsMenu') };

const noChanges = () => () => {};

/** The page's list and what every card is given, from the page's machines and the URL's filters. */
export function useHomeList() {
  const status = useDeferredValue(useFeed(selectFeedStatus));
  const firstPage = useDeferredValue(useFeed(selectStories));
  const older = useOlder((snapshot) => snapshot.context.stories);
  const savedIds = useBookmarks((snapshot) => snapshot.context.ids);
  const savedCopies = useBookmarks((snapshot) => snapshot.context.stories);
  const archive = useArchive((snapshot) => snapshot.context.matches);
  const follows = useFollows((snapshot) => snapshot.context.follows);
  const query = useQuery();
  const text = query.shown;
  const filters = useHomeFilters();
  const { categories, savedOnly, unreadOnly } = filters.filter;
  const hiddenSources = useHiddenSources();
  const readIds = useReadIds();
  const marks = useMemo(() => ({ hiddenSources: new Set(hiddenSources), read: new Set(readIds) }), [hiddenSources, readIds]);
  const list = useMemo(
    () => pageList({ firstPage, older, savedIds, savedCopies, archive, followed: followedStories(follows), marks }, { query: text, categories, savedOnly, unreadOnly }),
    [firstPage, older, savedIds, savedCopies, archive, follows, marks, text, categories, savedOnly, unreadOnly],
  );

  const bookmarks = useBookmarksActor();
  const share = useShareActor();
  const toggleBookmark = useCallback((story: Story) => bookmarks.send({ type: 'bookmark.toggle', story }), [bookmarks]);
  const onShare = useCallback((story: Story, target: ShareTarget) => share.send({ type: 'story.share', story, target }), [share]);
  const newSince = useFeed(selectNewSince);
  // The system share sheet, where there is one (none in the frame, drawn before any browser is known).
  const nativeShare = useSyncExternalStore(noChanges, canShareNatively, () => false);
  const bookmarked = useMemo(() => new Set(savedIds), [savedIds]);
  const followsActor = useFollowsActor();
  const followedIds = useFollowedIds();
  const followed = useMemo(() => new Set(followedIds), [followedIds]);
  const toggleFollow = useCallback((story: Story) => followsActor.send({ type: 'follow.toggle', story, at: new Date().toISOString() }), [followsActor]);
  const readMarks = useReadMarksActor();
  const hiddenActor = useHiddenSourcesActor();
  const markRead = useCallback((story: Story) => readMarks.send({ type: 'read.mark', id: story.id }), [readMarks]);
  const hideSource = useCallback((story: Story) => hiddenActor.send({ type: 'hidden.hide', source: story.source }), [hiddenActor]);
  const { read } = marks;
  const toggleRead = useCallback((story: Story) => readMarks.send({ type: read.has(story.id) ? 'read.unmark' : 'read.mark', id: story.id }), [readMarks, read]);
  // What every card is given, in the story area and in the last 30 days alike.
  const cardProps: CardListProps = useMemo(
    () => ({
      bookmarks: bookmarked,
      onToggleBookmark: toggleBookmark,
      onShare,
      lastVisit: newSince,
      canShareNatively: nativeShare,
      follows: followed,
      onToggleFollow: toggleFollow,
      read,
      onRead: markRead,
      onHideSource: hideSource,
      onToggleRead: toggleRead,
      parts: CARD_PARTS,
    }),
    [bookmarked, toggleBookmark, onShare, newSince, nativeShare, followed, toggleFollow, read, markRead, hideSource, toggleRead],
  );
  return { status, list, savedIds, query, filters, newSince, toggleBookmark, toggleFollow, markRead, hiddenSources, cardProps };
}

type HomeResultsProps = Pick<ReturnType<typeof useHomeList>, 'status' | 'list' | 'query' | 'filters' | 'cardProps'>;

/** The story area: the matches, the end of the list (older pages) and the last 30 days after it. */
export const HomeResults = memo(function HomeResults({ status, list, query, filters, cardProps }: HomeResultsProps) {
  const feed = useFeedActor();
  const older = useOlderActor();
  const olderStatus = useOlder(selectOlderStatus);
  const retry = useCallback(() => feed.send({ type: 'feed.retry' }), [feed]);
  const loadOlder = useCallback(() => older.send({ type: 'older.load' }), [older]);
  const retryOlder = useCallback(() => older.send({ type: 'older.retry' }), [older]);
  // The first screen is drawn: the later part may come (src/app/later.ts).
  useEffect(() => {
    if (status !== 'loading') later.firstScreenDrawn();
  }, [status]);
  const { showArchive } = filters;
  const searchArchive = useCallback(() => showArchive(query.typed), [showArchive, query.typed]);
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
      matches={list.matches}
      query={query.shown}
      holdAnnouncement={query.settling}
      onRetry={retry}
      onClearFilters={filters.clearFilters}
      Empty={EmptyState}
      allHidden={list.everyMatchHidden ? <EveryStoryHidden /> : null}
      listEnd={
        olderStatus !== null && (
          <Suspense fallback={null}>
            <OlderStories status={olderStatus} onLoad={loadOlder} onRetry={retryOlder} />
          </Suspense>
        )
      }
      afterResults={
        query.shown.trim() !== '' && (
          <Suspense fallback={null}>
            <ArchiveSection stories={list.archive} onSearch={searchArchive} {...cardProps} />
          </Suspense>
        )
      }
      {...cardProps}
    />
  );
});
