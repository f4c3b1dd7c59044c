import { startTransition, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button.tsx';
import { Layout } from '../components/Layout.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { SavedToggle } from '../components/SavedToggle.tsx';
import type { ShareTarget } from '../components/ShareMenu.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { categoriesOf, createStoryFilter } from '../domain/filter.ts';
import { facebookShareUrl, twitterShareUrl } from '../domain/share.ts';
import type { Story } from '../domain/story.ts';
import { mediaUp } from '../theme/tokens.ts';
import { BookmarksActor, CopyLinkActor, FeedActor, ThemeActor } from './actors.ts';
import { openInNewTab } from './browser.ts';
import { PRODUCT_TITLE, TAGLINE } from './config.ts';
import { QueryField } from './QueryField.tsx';
import { selectFeedStatus, selectHeldBack, selectKeptAt, selectStories } from './selectors.ts';
import { StoryArea } from './StoryArea.tsx';
import {
  DeferredCategoryChips,
  DeferredCategoryPicker,
  DeferredFeedNotices,
  DeferredReaderFeatures,
  DeferredThemeToggle,
} from './deferred-components.tsx';
import { useLastVisit } from './lastVisit.ts';
import { canShareNatively, shareNatively } from './nativeShare.ts';
import { useHomeFilters } from './useHomeFilters.ts';
import { useSlashToFocus } from './useSlashToFocus.ts';

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

/** Holds the theme toggle's place until its chunk arrives, so nothing shifts. */
const TogglePlaceholder = styled.span`
  display: inline-block;
  width: 40px;
  height: 40px;
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

  // What is in the search box now: the stories follow each key, the URL each pause (QueryField).
  // A query changed in the URL by anything else (back button, "Clear filters") replaces it.
  const [typed, setTyped] = useState({ urlQuery: filter.query, draft: filter.query });
  const query = typed.urlQuery === filter.query ? typed.draft : filter.query;
  // A transition: the key itself repaints only the search box; this page renders with the new
  // query in the background, and a next key interrupts it.
  const onDraft = useCallback((draft: string) => startTransition(() => setTyped({ urlQuery: filter.query, draft })), [filter.query]);
  // "Clear filters" also drops a query typed but not yet in the URL (a new search box: no
  // pending pause can put it back).
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const clearAll = useCallback(() => {
    setTyped({ urlQuery: filter.query, draft: '' });
    setSearchBoxKey((key) => key + 1);
    clearFilters();
  }, [filter.query, clearFilters]);

  // Filtering thousands of stories happens when React has time, never ahead of a paint, and
  // while the query is typed on, only the previous matches are searched (createStoryFilter).
  const deferredFilter = useDeferredValue(filter);
  const deferredQuery = useDeferredValue(query);
  const [storyFilter] = useState(createStoryFilter);
  const matches = useMemo(
    () => storyFilter(stories, { query: deferredQuery, categories: deferredFilter.categories, savedOnly: deferredFilter.savedOnly }, bookmarked),
    [storyFilter, stories, deferredQuery, deferredFilter.categories, deferredFilter.savedOnly, bookmarked],
  );

  const searchRef = useRef<HTMLInputElement>(null);
  useSlashToFocus(searchRef);

  const toggleBookmark = useCallback((story: Story) => bookmarks.send({ type: 'bookmark.toggle', id: story.id }), [bookmarks]);
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

  return (
    <>
      <SkipLink />
      <PageHeader
        title={PRODUCT_TITLE}
        tagline={TAGLINE}
        actions={
          <Suspense fallback={<TogglePlaceholder />}>
            <DeferredThemeToggle.Component theme={themeName} onToggle={() => theme.send({ type: 'theme.toggle' })} />
          </Suspense>
        }
      />
      <Layout>
        <Toolbar role="search" aria-label="Filter stories">
          <Controls>
            <QueryField key={searchBoxKey} query={filter.query} onCommit={setQuery} onDraft={onDraft} inputRef={searchRef} />
            <Suspense fallback={<Button isDisabled>Categories</Button>}>
              <DeferredCategoryPicker.Component categories={categories} selected={selectedCategories} onChange={setCategories} isDisabled={categories.length === 0} />
            </Suspense>
            <SavedToggle isSelected={filter.savedOnly} onChange={setSavedOnly} count={bookmarkIds.length} />
          </Controls>
          <Suspense fallback={null}>
            <DeferredCategoryChips.Component selected={selectedCategories} onRemove={removeCategory} onClearAll={() => setCategories([])} />
          </Suspense>
        </Toolbar>
        <Suspense fallback={null}>
          <DeferredFeedNotices.Component status={status} keptAt={keptAt} incoming={heldBack} stories={stories} onShowIncoming={showHeldBack} />
        </Suspense>
        <Suspense fallback={null}>
          <DeferredReaderFeatures.Component stories={stories} lastVisit={newSince} onOpen={openStory} onToggleBookmark={toggleBookmark} />
        </Suspense>
        <StoryArea
          status={status}
          matches={matches}
          bookmarks={bookmarked}
          isFiltering={filter !== deferredFilter || query !== deferredQuery}
          onRetry={() => feed.send({ type: 'feed.retry' })}
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
