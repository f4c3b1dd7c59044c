import { Suspense, useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { AlertsButton } from '../alerts/AlertsButton.tsx';
import { openInNewTab } from '../browser/browser.ts';
import type { Story } from '../domain/story.ts';
import { useFeed, useFeedActor } from '../feed/actors.ts';
import { FeedNotices } from '../feed/FeedNotices.tsx';
import { selectHeldBack, selectKeptAt } from '../feed/selectors.ts';
import { useFollowedIds } from '../follow/actors.ts';
import { CategoryPickerButton } from '../search/CategoryPickerButton.tsx';
import { QueryField } from '../search/QueryField.tsx';
import { ReaderFeatures } from '../reader/ReaderFeatures.tsx';
import { wrappingRow } from '../theme/mixins.ts';
import { mediaUp, theme } from '../theme/tokens.ts';
import { BookmarkIcon, FollowIcon, ReadIcon } from '../ui/icons.tsx';
import { Layout } from '../ui/Layout.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { ViewToggle } from '../ui/ViewToggle.tsx';
import { HiddenOutletsDialog, HomeResults, useHomeList } from './HomeResults.tsx';
import { HiddenOutletsButton } from '../front-page/FrontPageControls.tsx';
import { later } from './later.ts';
import { SiteHeader } from './SiteHeader.tsx';
import { documentTitle, PRODUCT_TITLE, TAGLINE } from '../domain/title.ts';

// Only a chosen category shows them.
const CategoryChips = later.component('CategoryChips');
// Shown with a live answer held back behind kept stories, without being asked for.
const HeldBackStories = later.component('HeldBackStories', { waits: true });
const KeyboardShortcuts = later.component('KeyboardShortcuts');
const AlertsDialog = later.component('AlertsDialog');

const Toolbar = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  margin-block: ${theme.space(6)};
`;

const Controls = styled.div`
  ${wrappingRow}

  > :first-child {
    flex: 1 1 100%;
  }

  ${mediaUp.md} {
    > :first-child {
      flex: 1 1 320px;
    }
  }
`;


/** The home page (docs/product.md#screens-and-states): its parts, each reading the page's machines; a key typed re-renders the story area alone. */
export function HomePage() {
  const home = useHomeList();
  const { filters, status, list } = home;
  const { categories, selected, loaded } = list;
  const feed = useFeedActor();
  const keptAt = useFeed(selectKeptAt);
  const heldBack = useFeed(selectHeldBack);
  const showHeldBack = useCallback(() => feed.send({ type: 'feed.showNew' }), [feed]);
  const { setCategories } = filters;
  const removeCategory = useCallback((category: string) => setCategories(selected.filter((one) => one !== category)), [setCategories, selected]);
  const followedIds = useFollowedIds();
  const { setFollowing } = filters;
  const parts = later.useParts();
  const { markRead } = home;
  // `o` opens the focused story as "Read more" does, and marks it read (docs/product.md#read).
  const openStory = useCallback(
    (story: Story) => {
      openInNewTab(story.url);
      markRead(story);
    },
    [markRead],
  );

  const { settled } = home.query;
  useEffect(() => {
    document.title = settled ? documentTitle(`“${settled}”`) : `${PRODUCT_TITLE}: ${TAGLINE}`;
  }, [settled]);

  return (
    <>
      <SkipLink />
      <SiteHeader />
      <Layout data-home-content>
        <Toolbar role="search" aria-label="Filter stories">
          <Controls>
            <QueryField />
            {/* Open to a press while the stories load: the menu opens once they have come. */}
            <CategoryPickerButton
              categories={categories}
              selected={selected}
              onChange={setCategories}
              isDisabled={status !== 'loading' && categories.length === 0}
              Picker={parts?.CategoryPicker ?? null}
              onAsk={later.ask}
            />
            <ViewToggle label="Saved" Icon={BookmarkIcon} isSelected={filters.filter.savedOnly} onChange={filters.setSavedOnly} count={home.savedIds.length} />
            <ViewToggle label="Following" Icon={FollowIcon} isSelected={filters.following} onChange={setFollowing} count={followedIds.length} />
            <AlertsButton Dialog={AlertsDialog} />
            <ViewToggle label="Hide read" Icon={ReadIcon} isSelected={filters.filter.unreadOnly} onChange={filters.setUnreadOnly} />
            <HiddenOutletsButton Dialog={HiddenOutletsDialog} />
          </Controls>
          {selected.length > 0 && (
            <Suspense fallback={null}>
              <CategoryChips selected={selected} onRemove={removeCategory} onClearAll={() => setCategories([])} />
            </Suspense>
          )}
        </Toolbar>
        <FeedNotices status={status} keptAt={keptAt} incoming={heldBack} stories={loaded} onShowIncoming={showHeldBack} HeldBack={HeldBackStories} />
        <ReaderFeatures stories={loaded} reachable={list.reachable} lastVisit={home.newSince} onOpen={openStory} onToggleBookmark={home.toggleBookmark} onToggleFollow={home.toggleFollow} Shortcuts={KeyboardShortcuts} />
        <HomeResults status={status} list={list} query={home.query} filters={filters} cardProps={home.cardProps} />
      </Layout>
    </>
  );
}
