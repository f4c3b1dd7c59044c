/**
 * A story's page, `/story/<id>` (docs/product.md#a-page-for-each-story): its coverage in each of the
 * page's states (machines/storyPage.ts), with the card's toggles acting on the leading story and
 * "Copy link to this page". Loaded on its own, on this route only.
 */
import { useParams } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { useBookmarks, useBookmarksActor } from '../bookmarks/actors.ts';
import { useFeed } from '../feed/actors.ts';
import { selectStories } from '../feed/selectors.ts';
import { Notice } from '../feed/DemoNotice.tsx';
import { useStoryPage, useStoryPageActor } from '../coverage/actors.ts';
import { CoverageView } from '../coverage/CoverageView.tsx';
import { StoryLoading } from '../coverage/StoryLoading.tsx';
import { StoryFailed, StoryGone } from '../coverage/StoryUnavailable.tsx';
import { ALL_STORIES, COPY_LINK, GONE_TITLE, OFFLINE_KEPT_TEXT } from '../coverage/texts.ts';
import { keptCoverage, storyPagePath } from '../domain/coverage.ts';
import { isSampleStory, type Story } from '../domain/story.ts';
import { useFollowedIds, useFollows, useFollowsActor } from '../follow/actors.ts';
import { useShareActor } from '../share/share-actor.ts';
import { cardLink } from '../stories/ExternalLink.tsx';
import { theme } from '../theme/tokens.ts';
import { AlertIcon, BookmarkIcon, FollowIcon } from '../ui/icons.tsx';
import { LinkIcon } from '../ui/icons-menus-messages.tsx';
import { Layout } from '../ui/Layout.tsx';
import { IconToggleButton, PlainButton } from '../ui/PlainButtons.tsx';
import { RouteLink } from '../ui/RouteLink.tsx';
import { PRODUCT_TITLE } from './title.ts';

const Back = styled(RouteLink)`
  ${cardLink}
  margin-top: ${theme.space(4)};
`;

/** What the browser keeps of the story: a saved copy, a followed one, or the stories on the page it came from. */
function useKeptCopy(id: string): Story | null {
  const saved = useBookmarks((snapshot) => snapshot.context.stories.find((story) => story.id === id) ?? null);
  const followed = useFollows((snapshot) => snapshot.context.follows.find((follow) => follow.id === id)?.story ?? null);
  const listed = useFeed((snapshot) => selectStories(snapshot).find((story) => story.id === id) ?? null);
  return saved ?? followed ?? listed;
}

function Toggles({ story, pageId }: { story: Story; pageId: string }) {
  const bookmarks = useBookmarksActor();
  const follows = useFollowsActor();
  const share = useShareActor();
  const bookmarked = useBookmarks((snapshot) => snapshot.context.ids.includes(story.id));
  const followed = useFollowedIds().includes(story.id);
  return (
    <>
      {!isSampleStory(story) && (
        <IconToggleButton
          aria-label={followed ? 'Unfollow story' : 'Follow story'}
          isSelected={followed}
          onChange={() => follows.send({ type: 'follow.toggle', story, at: new Date().toISOString() })}
        >
          <FollowIcon size={18} filled={followed} />
        </IconToggleButton>
      )}
      <IconToggleButton aria-label={bookmarked ? 'Remove bookmark' : 'Bookmark story'} isSelected={bookmarked} onChange={() => bookmarks.send({ type: 'bookmark.toggle', story })}>
        <BookmarkIcon size={18} filled={bookmarked} />
      </IconToggleButton>
      <PlainButton onClick={() => share.send({ type: 'link.copy', url: `${location.origin}${storyPagePath(pageId)}` })}>
        <LinkIcon size={16} />
        {COPY_LINK}
      </PlainButton>
    </>
  );
}

/** The story page's content below the site's header. */
export function CoveragePage() {
  const { id } = useParams({ from: '/story/$id' });
  const page = useStoryPageActor();
  const kept = useKeptCopy(id);
  const state = useStoryPage((snapshot) => snapshot.value);
  const coverage = useStoryPage((snapshot) => snapshot.context.coverage);
  const keptAsked = useStoryPage((snapshot) => snapshot.context.kept);

  // The page asks for its story as it shows, with what the browser keeps of it; leaving it cancels the call.
  useEffect(() => {
    page.send({ type: 'story.open', id, kept });
    return () => page.send({ type: 'story.close' });
    // The kept copy as the page opens: a later change of it asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, id]);

  const shown = state === 'loaded' ? coverage : state === 'offline' && keptAsked ? keptCoverage(keptAsked) : null;
  const title = shown?.story.title ?? (state === 'gone' ? GONE_TITLE : kept?.title);
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [title]);

  const retry = useCallback(() => page.send({ type: 'story.retry' }), [page]);
  return (
    <Layout as="main" id="story" tabIndex={-1}>
      <Back href="/">
        <span aria-hidden="true">←</span> {ALL_STORIES}
      </Back>
      {shown ? (
        <CoverageView
          coverage={shown}
          actions={<Toggles story={shown.story} pageId={id} />}
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
        <StoryGone />
      ) : state === 'failed' || state === 'offline' ? (
        <StoryFailed offline={state === 'offline'} onRetry={retry} />
      ) : (
        <StoryLoading />
      )}
    </Layout>
  );
}
