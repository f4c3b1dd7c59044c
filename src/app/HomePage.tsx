import { Suspense, useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { useThemeActor, useThemeName } from '../appearance/actors.ts';
import { ThemeToggleButton } from '../appearance/ThemeToggleButton.tsx';
import { SavedToggle } from '../bookmarks/SavedToggle.tsx';
import { openInNewTab } from '../browser/browser.ts';
import type { Story } from '../domain/story.ts';
import { useFeed, useFeedActor } from '../feed/actors.ts';
import { FeedNotices } from '../feed/FeedNotices.tsx';
import { selectHeldBack, selectKeptAt } from '../feed/selectors.ts';
import { useFollowedIds } from '../follow/actors.ts';
import { FollowingToggle } from '../follow/FollowingToggle.tsx';
import { FollowNotice } from '../follow/FollowNotice.tsx';
import { CategoryPickerButton } from '../search/CategoryPickerButton.tsx';
import { QueryField } from '../search/QueryField.tsx';
import { ReaderFeatures } from '../reader/ReaderFeatures.tsx';
import { mediaUp } from '../theme/tokens.ts';
import { laterComponent } from '../ui/later.ts';
import { Layout } from '../ui/Layout.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { HomeResults, useHomeList } from './HomeResults.tsx';
import { PRODUCT_TITLE, TAGLINE } from './title.ts';

// Only a chosen category shows them.
const CategoryChips = laterComponent('CategoryChips');

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

const openStory = (story: Story) => openInNewTab(story.url);

/** The home page (docs/product.md#screens-and-states): its parts, each reading the page's machines; a key typed re-renders the story area alone. */
export function HomePage() {
  const home = useHomeList();
  const { filters, status, list } = home;
  const { categories, selected, loaded } = list;
  const theme = useThemeActor();
  const feed = useFeedActor();
  const keptAt = useFeed(selectKeptAt);
  const heldBack = useFeed(selectHeldBack);
  const toggleTheme = useCallback(() => theme.send({ type: 'theme.toggle' }), [theme]);
  const showHeldBack = useCallback(() => feed.send({ type: 'feed.showNew' }), [feed]);
  const { setCategories } = filters;
  const removeCategory = useCallback((category: string) => setCategories(selected.filter((one) => one !== category)), [setCategories, selected]);
  const followedIds = useFollowedIds();
  const { setFollowing } = filters;
  const showFollowing = useCallback(() => setFollowing(true), [setFollowing]);

  useEffect(() => {
    document.title = filters.query ? `“${filters.query}” · ${PRODUCT_TITLE}` : `${PRODUCT_TITLE}: ${TAGLINE}`;
  }, [filters.query]);

  return (
    <>
      <SkipLink />
      <PageHeader title={PRODUCT_TITLE} tagline={TAGLINE} actions={<ThemeToggleButton theme={useThemeName()} onToggle={toggleTheme} />} />
      <Layout>
        <Toolbar role="search" aria-label="Filter stories">
          <Controls>
            <QueryField />
            {/* Open to a press while the stories load: the menu opens once they have come. */}
            <CategoryPickerButton categories={categories} selected={selected} onChange={setCategories} isDisabled={status !== 'loading' && categories.length === 0} />
            <SavedToggle isSelected={filters.filter.savedOnly} onChange={filters.setSavedOnly} count={home.savedIds.length} />
            <FollowingToggle isSelected={filters.following} onChange={setFollowing} count={followedIds.length} />
          </Controls>
          {selected.length > 0 && (
            <Suspense fallback={null}>
              <CategoryChips selected={selected} onRemove={removeCategory} onClearAll={() => setCategories([])} />
            </Suspense>
          )}
        </Toolbar>
        <FeedNotices status={status} keptAt={keptAt} incoming={heldBack} stories={loaded} onShowIncoming={showHeldBack} />
        {followedIds.length > 0 && <FollowNotice onShow={showFollowing} />}
        <ReaderFeatures stories={loaded} reachable={list.reachable} lastVisit={home.newSince} onOpen={openStory} onToggleBookmark={home.toggleBookmark} onToggleFollow={home.toggleFollow} />
        <HomeResults status={status} list={list} typed={home.typed} text={home.text} filters={filters} cardProps={home.cardProps} />
      </Layout>
    </>
  );
}
