/**
 * A story's page, `/story/<id>` (docs/product.md#a-page-for-each-story): its coverage in each of the
 * page's states (machines/storyPage.ts), with the card's toggles acting on the leading story and
 * "Copy link to this page". The page machine opens and closes it as the URL's path changes
 * (src/app/page-url.ts). Loaded on its own, on this route only.
 */
import { useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { useBookmarks, useBookmarksActor } from '../bookmarks/actors.ts';
import { keptCoverage, storyPagePath } from '../domain/coverage.ts';
import type { Story } from '../domain/story.ts';
import { documentTitle, PRODUCT_TITLE } from '../domain/title.ts';
import { useFollowedIds, useFollowsActor } from '../follow/actors.ts';
import { useShareActor } from '../share/share-actor.ts';
import { cardLink } from '../stories/ExternalLink.tsx';
import { StoryToggles } from '../stories/StoryToggles.tsx';
import { MoreOptionsButton, type OpenMoreOptionsProps } from '../stories/MoreOptionsButton.tsx';
import { useHiddenSourcesActor, useReadIds, useReadMarksActor } from '../front-page/actors.ts';
import type { ComponentType } from 'react';
import { theme } from '../theme/tokens.ts';
import { AlertIcon } from '../ui/icons.tsx';
import { LinkIcon } from '../ui/icons-menus-messages.tsx';
import { Layout } from '../ui/Layout.tsx';
import { Notice } from '../ui/Notice.tsx';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { RouteLink } from '../ui/RouteLink.tsx';
import { useStoryPage, useStoryPageActor } from './actors.ts';
import { StoryPageView } from './StoryPageView.tsx';
import { StoryPageLoading } from './StoryPageLoading.tsx';
import { StoryPageFailed, StoryPageGone } from './StoryPageUnavailable.tsx';
import { ALL_STORIES, COPY_LINK, GONE_TITLE, OFFLINE_KEPT_TEXT } from './texts.ts';

const Back = styled(RouteLink)`
  ${cardLink}
  margin-top: ${theme.space(4)};
`;

/** The card's toggles on the leading story, "More options" for it, and "Copy link to this page" (the page's own address, `id`). */
function Actions({ story, pageId, OptionsMenu }: { story: Story; pageId: string; OptionsMenu: ComponentType<OpenMoreOptionsProps> }) {
  const readMarks = useReadMarksActor();
  const hidden = useHiddenSourcesActor();
  const isRead = useReadIds().includes(story.id);
  const bookmarks = useBookmarksActor();
  const follows = useFollowsActor();
  const share = useShareActor();
  const bookmarked = useBookmarks((snapshot) => snapshot.context.ids.includes(story.id));
  const followed = useFollowedIds().includes(story.id);
  return (
    <StoryToggles
      story={story}
      isBookmarked={bookmarked}
      onToggleBookmark={() => bookmarks.send({ type: 'bookmark.toggle', story })}
      isFollowed={followed}
      onToggleFollow={() => follows.send({ type: 'follow.toggle', story, at: new Date().toISOString() })}
    >
      <PlainButton onClick={() => share.send({ type: 'link.copy', url: `${location.origin}${storyPagePath(pageId)}` })}>
        <LinkIcon size={16} />
        {COPY_LINK}
      </PlainButton>
      <MoreOptionsButton
        Menu={OptionsMenu}
        source={story.source}
        isRead={isRead}
        onHideSource={() => hidden.send({ type: 'hidden.hide', source: story.source })}
        onToggleRead={() => readMarks.send({ type: isRead ? 'read.unmark' : 'read.mark', id: story.id })}
      />
    </StoryToggles>
  );
}

/** The story page's content below the site's header. */
export function StoryPage({ OptionsMenu }: { OptionsMenu: ComponentType<OpenMoreOptionsProps> }) {
  const page = useStoryPageActor();
  const state = useStoryPage((snapshot) => snapshot.value);
  const id = useStoryPage((snapshot) => snapshot.context.id);
  const coverage = useStoryPage((snapshot) => snapshot.context.coverage);
  const kept = useStoryPage((snapshot) => snapshot.context.kept);

  const shown = state === 'loaded' ? coverage : state === 'offline' && kept ? keptCoverage(kept) : null;
  const title = shown?.story.title ?? (state === 'gone' ? GONE_TITLE : kept?.title);
  useEffect(() => {
    document.title = title ? documentTitle(title) : PRODUCT_TITLE;
  }, [title]);

  const retry = useCallback(() => page.send({ type: 'story.retry' }), [page]);
  // Its page open, the story is read, whichever way it came ("Full coverage", a report's link, an address). Marked once the
  // page is drawn: a mark sent from the card's click, as the home page hides, left Back unable to find the list's scroll.
  const readMarks = useReadMarksActor();
  const leadId = shown?.story.id;
  useEffect(() => {
    if (leadId !== undefined) readMarks.send({ type: 'read.mark', id: leadId });
  }, [readMarks, leadId]);
  return (
    <Layout as="main" id="story" tabIndex={-1}>
      <Back href="/">
        <span aria-hidden="true">←</span> {ALL_STORIES}
      </Back>
      {shown ? (
        <StoryPageView
          coverage={shown}
          actions={<Actions story={shown.story} pageId={id} OptionsMenu={OptionsMenu} />}
          notice={
            state === 'offline' && (
              <Notice role="status">
                <AlertIcon size={18} />
                <p>{OFFLINE_KEPT_TEXT}</p>
              </Notice>
            )
          }
        />
      ) : state === 'gone' ? (
        <StoryPageGone />
      ) : state === 'failed' || state === 'offline' ? (
        <StoryPageFailed offline={state === 'offline'} onRetry={retry} />
      ) : (
        <StoryPageLoading />
      )}
    </Layout>
  );
}
