import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { DeferredCategoryPicker } from '../search/DeferredCategoryPicker.tsx';
import { Layout } from '../ui/Layout.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { SavedToggle } from '../bookmarks/SavedToggle.tsx';
import type { ShareTarget } from '../stories/ShareMenu.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { DeferredThemeToggle } from '../appearance/DeferredThemeToggle.tsx';
import { categoriesOf, filterStories } from '../domain/filter.ts';
import { facebookShareUrl, twitterShareUrl } from '../domain/share.ts';
import type { Story } from '../domain/story.ts';
import { mediaUp } from '../theme/tokens.ts';
import { savedView } from '../domain/saved-stories.ts';
import { notOnPage } from '../domain/story-lists.ts';
import { ThemeActor } from '../appearance/actors.ts';
import { BookmarksActor } from '../bookmarks/actors.ts';
import { FeedActor, OlderStoriesActor } from '../feed/actors.ts';
import { CopyLinkActor } from '../reader/actors.ts';
import { ArchiveSearchActor, SearchActor } from '../search/actors.ts';
import { openInNewTab } from '../browser/browser.ts';
import { PRODUCT_TITLE, TAGLINE } from './title.ts';
import { QueryField } from '../search/QueryField.tsx';
import { selectFeedStatus, selectHeldBack, selectKeptAt, selectStories } from '../feed/selectors.ts';
import { FeedNotices } from '../feed/FeedNotices.tsx';
import { StoryArea } from '../stories/StoryArea.tsx';
import { useLastVisit } from '../reader/lastVisit.ts';
import { canShareNatively, shareNatively } from '../reader/nativeShare.ts';
import { useHomeFilters } from '../search/useHomeFilters.ts';
import { useSlashToFocus } from '../search/useSlashToFocus.ts';
import { onDemand } from '../browser/on-demand.ts';

// The reading keys and "new since your last visit": their chunk loads right after the first render.
const ReaderFeatures = lazy(() => onDemand(() => import('../reader/ReaderFeatures.tsx')).then((m) => ({ default: m.ReaderFeatures })));

// Older pages and the last 30 days: their code loads when the feed has a `next` or the search box text.
const OlderStories = lazy(() => onDemand(() => import('../feed/OlderStories.tsx')).then((m) => ({ default: m.OlderStories })));
const ArchiveSection = lazy(() => onDemand(() => import('../search/ArchiveSection.tsx')).then((m) => ({ default: m.ArchiveSection })));

// Only a selected category shows chips: their code (React Aria's tag group) loads then.
const CategoryChips = lazy(() => onDemand(() => import('../search/CategoryChips.tsx')).then((m) => ({ default: m.CategoryChips })));

const Toolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-block: ${({ theme }) => theme.space(6)};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;

  > :first-child {
    flex: 1 1 100%;
  }

  ${mediaUp.md} {
    > :first-child {
      flex: 1 1 320px;
    }
  }
`;

export function HomePage() {
  const feed = FeedActor.useActorRef();
  // The feed's news re-renders the page in React's background render, in slices, not in the
  // task that brought it (an actor's update is otherwise drawn at once, in one long task).
  const status = useDeferredValue(FeedActor.useSelector(selectFeedStatus));
  const firstPage = useDeferredValue(FeedActor.useSelector(selectStories));
  const older = OlderStoriesActor.useActorRef();
  const olderStories = OlderStoriesActor.useSelector((snapshot) => snapshot.context.stories);
  const olderStatus = OlderStoriesActor.useSelector((snapshot) =>
    snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('canLoad') ? 'idle' : null,
  );
  // Everything loaded, each story once: search, categories, Saved, the keys and "New" apply to it all.
  const stories = useMemo(() => (olderStories.length === 0 ? firstPage : [...firstPage, ...notOnPage(olderStories, firstPage)]), [firstPage, olderStories]);
  const archive = ArchiveSearchActor.useActorRef();
  const archiveMatches = ArchiveSearchActor.useSelector((snapshot) => snapshot.context.matches);
  const keptAt = FeedActor.useSelector(selectKeptAt);
  const heldBack = FeedActor.useSelector(selectHeldBack);
  const showHeldBack = useCallback(() => feed.send({ type: 'feed.showNew' }), [feed]);
  const theme = ThemeActor.useActorRef();
  const themeName = ThemeActor.useSelector((snapshot) => snapshot.context.theme);
  const bookmarks = BookmarksActor.useActorRef();
  const bookmarkIds = BookmarksActor.useSelector((snapshot) => snapshot.context.ids);
  const savedCopies = BookmarksActor.useSelector((snapshot) => snapshot.context.stories);
  const copyLink = CopyLinkActor.useActorRef();

  // The saved copies' categories too: the Saved view shows them.
  const categories = useMemo(() => categoriesOf(savedCopies.length === 0 ? stories : [...stories, ...savedCopies]), [stories, savedCopies]);
  const bookmarked = useMemo(() => new Set(bookmarkIds), [bookmarkIds]);
  const { filter, archive: archiveInUrl, setCategories, setSavedOnly, clearFilters, showArchive } = useHomeFilters(categories);

  // The search machine's: `text` as typed (the list follows it in the background, each key
  // interrupting the last key's render), `query` once typing pauses (the URL, the title, the count).
  const typedText = SearchActor.useSelector((snapshot) => snapshot.context.text);
  const text = useDeferredValue(typedText);
  const query = SearchActor.useSelector((snapshot) => snapshot.context.query);

  // A new query hides "From the last 30 days" until it is asked for again (docs/product.md#the-last-30-days).
  useEffect(() => {
    const snapshot = archive.getSnapshot();
    if (snapshot.hasTag('shown') && typedText.trim() !== snapshot.context.query) archive.send({ type: 'archive.hide' });
  }, [archive, typedText]);

  // Saved: every saved story in the order saved, from the page or its kept copy (docs/product.md#saved-stories-last).
  const listed = useMemo(() => (filter.savedOnly ? savedView(bookmarkIds, stories, savedCopies) : stories), [filter.savedOnly, bookmarkIds, stories, savedCopies]);
  const matches = useMemo(
    () => filterStories(listed, { query: text, categories: filter.categories, savedOnly: filter.savedOnly }, bookmarked),
    [listed, text, filter.categories, filter.savedOnly, bookmarked],
  );

  // The URL says whether "From the last 30 days" shows: it asks the machine, once per change.
  useEffect(() => {
    const snapshot = archive.getSnapshot();
    const shown = snapshot.hasTag('shown');
    // Not while a new query is typed: its pause takes `archive=1` out of the URL.
    if (archiveInUrl && typedText.trim() === query.trim() && (!shown || snapshot.context.query !== query.trim())) archive.send({ type: 'archive.search', query });
    else if (!archiveInUrl && shown) archive.send({ type: 'archive.hide' });
  }, [archive, archiveInUrl, query, typedText]);

  const searchRef = useRef<HTMLInputElement>(null);
  useSlashToFocus(searchRef);

  const toggleBookmark = useCallback((story: Story) => bookmarks.send({ type: 'bookmark.toggle', story }), [bookmarks]);
  const share = useCallback(
    (story: Story, target: ShareTarget) => {
      if (target === 'twitter') openInNewTab(twitterShareUrl(story));
      else if (target === 'facebook') openInNewTab(facebookShareUrl(story));
      else if (target === 'native') void shareNatively(story);
      else copyLink.send({ type: 'link.copy', url: story.url });
    },
    [copyLink],
  );
  // "New" since the previous visit (live stories only) and the system share sheet where there is one.
  const lastVisit = useLastVisit();
  const newSince = status === 'live' ? lastVisit : null;
  const [nativeShare] = useState(canShareNatively);
  const openStory = useCallback((story: Story) => openInNewTab(story.url), []);

  const selectedCategories = useMemo(() => [...filter.categories], [filter.categories]);
  const removeCategory = useCallback(
    (category: string) => setCategories(selectedCategories.filter((selected) => selected !== category)),
    [selectedCategories, setCategories],
  );

  useEffect(() => {
    document.title = query ? `“${query}” · ${PRODUCT_TITLE}` : `${PRODUCT_TITLE}: ${TAGLINE}`;
  }, [query]);

  // Each part of the page as its own element, remade only when what it shows changes: a search
  // re-renders the story area and nothing else around it.
  const header = useMemo(
    () => (
      <PageHeader
        title={PRODUCT_TITLE}
        tagline={TAGLINE}
        actions={<DeferredThemeToggle theme={themeName} onToggle={() => theme.send({ type: 'theme.toggle' })} />}
      />
    ),
    [themeName, theme],
  );
  const otherControls = useMemo(
    () => (
      <>
        {/* Open to a press while the stories load: the menu opens once they have come. */}
        <DeferredCategoryPicker categories={categories} selected={selectedCategories} onChange={setCategories} isDisabled={status !== 'loading' && categories.length === 0} />
        <SavedToggle isSelected={filter.savedOnly} onChange={setSavedOnly} count={bookmarkIds.length} />
      </>
    ),
    [categories, selectedCategories, setCategories, status, filter.savedOnly, setSavedOnly, bookmarkIds.length],
  );
  const chips = useMemo(
    () =>
      selectedCategories.length > 0 && (
        <Suspense fallback={null}>
          <CategoryChips selected={selectedCategories} onRemove={removeCategory} onClearAll={() => setCategories([])} />
        </Suspense>
      ),
    [selectedCategories, removeCategory, setCategories],
  );
  const notices = useMemo(
    () => <FeedNotices status={status} keptAt={keptAt} incoming={heldBack} stories={stories} onShowIncoming={showHeldBack} />,
    [status, keptAt, heldBack, stories, showHeldBack],
  );
  const readerFeatures = useMemo(
    () => (
      <Suspense fallback={null}>
        <ReaderFeatures
          stories={stories}
          reachable={[...stories, ...savedCopies, ...archiveMatches]}
          lastVisit={newSince}
          onOpen={openStory}
          onToggleBookmark={toggleBookmark}
        />
      </Suspense>
    ),
    [stories, savedCopies, archiveMatches, newSince, openStory, toggleBookmark],
  );
  const loadOlder = useCallback(() => older.send({ type: 'older.load' }), [older]);
  const retryOlder = useCallback(() => older.send({ type: 'older.retry' }), [older]);
  const olderEnd = useMemo(
    () =>
      olderStatus !== null && (
        <Suspense fallback={null}>
          <OlderStories status={olderStatus} onLoad={loadOlder} onRetry={retryOlder} />
        </Suspense>
      ),
    [olderStatus, loadOlder, retryOlder],
  );
  const searchArchive = useCallback(() => showArchive(typedText), [showArchive, typedText]);
  const hasText = text.trim() !== '';
  // What every card is given, in the story area and in the last 30 days alike.
  const cardProps = useMemo(
    () => ({ bookmarks: bookmarked, onToggleBookmark: toggleBookmark, onShare: share, lastVisit: newSince, canShareNatively: nativeShare }),
    [bookmarked, toggleBookmark, share, newSince, nativeShare],
  );
  const archiveSection = useMemo(
    () =>
      hasText && (
        <Suspense fallback={null}>
          <ArchiveSection onPage={matches} onSearch={searchArchive} {...cardProps} />
        </Suspense>
      ),
    [hasText, matches, searchArchive, cardProps],
  );
  const retry = useCallback(() => feed.send({ type: 'feed.retry' }), [feed]);

  return (
    <>
      <SkipLink />
      {header}
      <Layout>
        <Toolbar role="search" aria-label="Filter stories">
          <Controls>
            <QueryField inputRef={searchRef} />
            {otherControls}
          </Controls>
          {chips}
        </Toolbar>
        {notices}
        {readerFeatures}
        <StoryArea
          status={status}
          matches={matches}
          query={text}
          holdAnnouncement={text !== query}
          onRetry={retry}
          onClearFilters={clearFilters}
          listEnd={olderEnd}
          afterResults={archiveSection}
          {...cardProps}
        />
      </Layout>
    </>
  );
}
