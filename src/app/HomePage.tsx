import { startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button.tsx';
import { Layout } from '../components/Layout.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { SavedToggle } from '../components/SavedToggle.tsx';
import type { ShareTarget } from '../components/ShareMenu.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { categoriesOf, createStoryFilter } from '../domain/filter.ts';
import { prepareSearchInBackground, searchInSlices } from './search-index.ts';
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
import { useAfterPaint } from './useAfterPaint.ts';
import { useHomeFilters } from './useHomeFilters.ts';
import { useSnapshotInTransition } from './useSnapshotInTransition.ts';

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
  // The feed's news (an answer, kept stories, a failure) renders in a transition, a few
  // milliseconds per task: rendered at once, it would render the page in the task that
  // delivered it (10,000 stories: hundreds of ms at 4x), keys and frames waiting. Read together,
  // the four always show one state of the machine.
  const feedSnapshot = useSnapshotInTransition(feed);
  const status = selectFeedStatus(feedSnapshot);
  const stories = selectStories(feedSnapshot);
  const keptAt = selectKeptAt(feedSnapshot);
  const heldBack = selectHeldBack(feedSnapshot);
  const showHeldBack = useCallback(() => feed.send({ type: 'feed.showNew' }), [feed]);
  const theme = ThemeActor.useActorRef();
  const themeName = ThemeActor.useSelector((snapshot) => snapshot.context.theme);
  const bookmarks = BookmarksActor.useActorRef();
  const bookmarkIds = BookmarksActor.useSelector((snapshot) => snapshot.context.ids);
  const copyLink = CopyLinkActor.useActorRef();

  const categories = useMemo(() => categoriesOf(stories), [stories]);
  const bookmarked = useMemo(() => new Set(bookmarkIds), [bookmarkIds]);
  const { filter, setQuery, setCategories, setSavedOnly, clearFilters } = useHomeFilters(categories);

  // The committed query: the search box's, from the moment typing pauses (QueryField). The URL
  // follows in a task after the results have painted (the router's work never holds them
  // back), unless the URL's query has changed meanwhile; a query changed in the URL by anything
  // else (back button, "Clear filters") replaces it.
  const [committed, setCommitted] = useState({ urlQuery: filter.query, query: filter.query });
  const query = committed.urlQuery === filter.query ? committed.query : filter.query;
  const urlQuery = useRef(filter.query);
  useEffect(() => {
    urlQuery.current = filter.query;
  }, [filter.query]);
  // The text in the search box as it is typed, ahead of the pause: each key starts a search
  // that runs a few milliseconds per task (the next key goes first, and cancels it), then shows
  // its answer in a transition (the next key interrupts its render). It counts only while the
  // query it was typed over is still the query and no commit has come since: a commit, "Clear
  // filters" or the back button supersedes it.
  const [storyFilter] = useState(createStoryFilter);
  const [typed, setTyped] = useState({ over: query, text: query });
  const search = useRef<() => void>(undefined);
  const cancelSearch = useCallback(() => {
    search.current?.();
    search.current = undefined;
  }, []);
  useEffect(() => cancelSearch, [cancelSearch]);
  const typeQuery = useCallback(
    (text: string) => {
      cancelSearch();
      const steps = storyFilter.steps(stories, { query: text, categories: filter.categories, savedOnly: filter.savedOnly }, bookmarked);
      search.current = searchInSlices(steps, () => {
        search.current = undefined;
        startTransition(() => setTyped({ over: query, text }));
      });
    },
    [cancelSearch, storyFilter, stories, filter.categories, filter.savedOnly, bookmarked, query],
  );
  const shownQuery = typed.over === query ? typed.text : query;
  const urlAfterPaint = useAfterPaint();
  const commitQuery = useCallback(
    (next: string) => {
      const from = filter.query;
      cancelSearch();
      setCommitted({ urlQuery: from, query: next });
      setTyped({ over: next, text: next });
      urlAfterPaint.schedule(() => {
        if (urlQuery.current === from) setQuery(next);
      });
    },
    [filter.query, setQuery, urlAfterPaint, cancelSearch],
  );
  // "Clear filters" also drops a query typed but not yet committed (a new search box: no
  // pending pause can put it back), and one not yet in the URL.
  const [searchBoxKey, setSearchBoxKey] = useState(0);
  const clearAll = useCallback(() => {
    urlAfterPaint.cancel();
    cancelSearch();
    setCommitted({ urlQuery: filter.query, query: '' });
    setTyped({ over: '', text: '' });
    setSearchBoxKey((key) => key + 1);
    clearFilters();
  }, [filter.query, clearFilters, urlAfterPaint, cancelSearch]);

  // Over the prepared search index; typing on only searches the previous matches, and the
  // query a finished search was for answers at once (createStoryFilter).
  const matches = useMemo(
    () => storyFilter(stories, { query: shownQuery, categories: filter.categories, savedOnly: filter.savedOnly }, bookmarked),
    [storyFilter, stories, shownQuery, filter.categories, filter.savedOnly, bookmarked],
  );
  // Lower-case the stories' text for searching in the background, ahead of the first search.
  useEffect(() => prepareSearchInBackground(stories), [stories]);

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
        actions={
          <Suspense fallback={<TogglePlaceholder />}>
            <DeferredThemeToggle.Component theme={themeName} onToggle={() => theme.send({ type: 'theme.toggle' })} />
          </Suspense>
        }
      />
    ),
    [themeName, theme],
  );
  const otherControls = useMemo(
    () => (
      <>
        <Suspense fallback={<Button isDisabled>Categories</Button>}>
          <DeferredCategoryPicker.Component categories={categories} selected={selectedCategories} onChange={setCategories} isDisabled={categories.length === 0} />
        </Suspense>
        <SavedToggle isSelected={filter.savedOnly} onChange={setSavedOnly} count={bookmarkIds.length} />
      </>
    ),
    [categories, selectedCategories, setCategories, filter.savedOnly, setSavedOnly, bookmarkIds.length],
  );
  const chips = useMemo(
    () => (
      <Suspense fallback={null}>
        <DeferredCategoryChips.Component selected={selectedCategories} onRemove={removeCategory} onClearAll={() => setCategories([])} />
      </Suspense>
    ),
    [selectedCategories, removeCategory, setCategories],
  );
  const notices = useMemo(
    () => (
      <Suspense fallback={null}>
        <DeferredFeedNotices.Component status={status} keptAt={keptAt} incoming={heldBack} stories={stories} onShowIncoming={showHeldBack} />
      </Suspense>
    ),
    [status, keptAt, heldBack, stories, showHeldBack],
  );
  const readerFeatures = useMemo(
    () => (
      <Suspense fallback={null}>
        <DeferredReaderFeatures.Component stories={stories} lastVisit={newSince} onOpen={openStory} onToggleBookmark={toggleBookmark} searchRef={searchRef} />
      </Suspense>
    ),
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
            <QueryField key={searchBoxKey} query={query} onCommit={commitQuery} onType={typeQuery} inputRef={searchRef} />
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
