import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
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
import { BookmarksActor, CopyLinkActor, FeedActor, SearchActor, ThemeActor } from './actors.ts';
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
  const { filter, setCategories, setSavedOnly, clearFilters } = useHomeFilters(categories);

  // The search machine's: `text` as typed (the list follows it in the background, each key
  // interrupting the last key's render), `query` once typing pauses (the URL, the title, the count).
  const text = useDeferredValue(SearchActor.useSelector((snapshot) => snapshot.context.text));
  const query = SearchActor.useSelector((snapshot) => snapshot.context.query);

  const matches = useMemo(
    () => filterStories(stories, { query: text, categories: filter.categories, savedOnly: filter.savedOnly }, bookmarked),
    [stories, text, filter.categories, filter.savedOnly, bookmarked],
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
          bookmarks={bookmarked}
          onRetry={retry}
          onClearFilters={clearFilters}
          onToggleBookmark={toggleBookmark}
          onShare={share}
          lastVisit={newSince}
          canShareNatively={nativeShare}
        />
      </Layout>
    </>
  );
}
