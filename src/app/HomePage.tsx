import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { DeferredCategoryPicker } from '../components/DeferredCategoryPicker.tsx';
import { Layout } from '../components/Layout.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { SavedToggle } from '../components/SavedToggle.tsx';
import type { ShareTarget } from '../components/ShareMenu.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { DeferredThemeToggle } from '../components/DeferredThemeToggle.tsx';
import { categoriesOf, filterStories } from '../domain/filter.ts';
import { facebookShareUrl, twitterShareUrl } from '../domain/share.ts';
import type { Story } from '../domain/story.ts';
import { mediaUp } from '../theme/tokens.ts';
import { BookmarksActor, CopyLinkActor, FeedActor, ThemeActor } from './actors.ts';
import { openInNewTab } from './browser.ts';
import { PRODUCT_TITLE, TAGLINE } from './config.ts';
import { QueryField } from './QueryField.tsx';
import { selectFeedStatus, selectHeldBack, selectKeptAt, selectStories } from './selectors.ts';
import { FeedNotices } from './FeedNotices.tsx';
import { ReaderFeatures } from './ReaderFeatures.tsx';
import { StoryArea } from './StoryArea.tsx';
import { useLastVisit } from './lastVisit.ts';
import { canShareNatively, shareNatively } from './nativeShare.ts';
import { useHomeFilters } from './useHomeFilters.ts';

// Only a selected category shows chips: their code (React Aria's tag group) loads then.
const CategoryChips = lazy(() => import('../components/CategoryChips.tsx').then((m) => ({ default: m.CategoryChips })));

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
  const status = FeedActor.useSelector(selectFeedStatus);
  const stories = FeedActor.useSelector(selectStories);
  const keptAt = FeedActor.useSelector(selectKeptAt);
  const heldBack = FeedActor.useSelector(selectHeldBack);
  const showHeldBack = useCallback(() => feed.send({ type: 'feed.showNew' }), [feed]);
  const theme = ThemeActor.useActorRef();
  const themeName = ThemeActor.useSelector((snapshot) => snapshot.context.theme);
  const bookmarks = BookmarksActor.useActorRef();
  const bookmarkIds = BookmarksActor.useSelector((snapshot) => snapshot.context.ids);
  const copyLink = CopyLinkActor.useActorRef();

  const categories = useMemo(() => categoriesOf(stories), [stories]);
  const bookmarked = useMemo(() => new Set(bookmarkIds), [bookmarkIds]);
  const { filter, setQuery, setCategories, setSavedOnly, clearFilters } = useHomeFilters(categories);

  // The committed query is the URL's: the search box's from the moment typing pauses (QueryField).
  const query = filter.query;
  // The text in the search box as it is typed, ahead of the pause: the list follows it in a
  // transition, which the next key interrupts. It counts only while the query it was typed over
  // is still the URL's: a commit, "Clear filters" or the back button supersedes it.
  const [typed, setTyped] = useState({ over: query, text: query });
  const typeQuery = useCallback((text: string) => startTransition(() => setTyped({ over: query, text })), [query]);
  const shownQuery = typed.over === query ? typed.text : query;
  // "Clear filters" also drops a query typed but not yet committed (a new search box: no
  // pending pause can put it back).
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const clearAll = useCallback(() => {
    setTyped({ over: '', text: '' });
    setSearchBoxKey((key) => key + 1);
    clearFilters();
  }, [clearFilters]);

  const matches = useMemo(
    () => filterStories(stories, { query: shownQuery, categories: filter.categories, savedOnly: filter.savedOnly }, bookmarked),
    [stories, shownQuery, filter.categories, filter.savedOnly, bookmarked],
  );

  const searchRef = useRef<HTMLInputElement>(null);

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
    document.title = filter.query ? `“${filter.query}” · ${PRODUCT_TITLE}` : `${PRODUCT_TITLE}: ${TAGLINE}`;
  }, [filter.query]);

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
        <DeferredCategoryPicker categories={categories} selected={selectedCategories} onChange={setCategories} isDisabled={categories.length === 0} />
        <SavedToggle isSelected={filter.savedOnly} onChange={setSavedOnly} count={bookmarkIds.length} />
      </>
    ),
    [categories, selectedCategories, setCategories, filter.savedOnly, setSavedOnly, bookmarkIds.length],
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
    () => <ReaderFeatures stories={stories} lastVisit={newSince} onOpen={openStory} onToggleBookmark={toggleBookmark} searchRef={searchRef} />,
    [stories, newSince, openStory, toggleBookmark],
  );
  const retry = useCallback(() => feed.send({ type: 'feed.retry' }), [feed]);

  return (
    <>
      <SkipLink />
      {header}
      <Layout>
        <Toolbar role="search" aria-label="Filter stories">
          <Controls>
            <QueryField key={searchBoxKey} query={query} onCommit={setQuery} onType={typeQuery} inputRef={searchRef} />
            {otherControls}
          </Controls>
          {chips}
        </Toolbar>
        {notices}
        {readerFeatures}
        <StoryArea
          status={status}
          matches={matches}
          query={shownQuery}
          holdAnnouncement={shownQuery !== query}
          bookmarks={bookmarked}
          onRetry={retry}
          onClearFilters={clearAll}
          onToggleBookmark={toggleBookmark}
          onShare={share}
          lastVisit={newSince}
          canShareNatively={nativeShare}
        />
      </Layout>
    </>
  );
}
