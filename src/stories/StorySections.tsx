import { memo, useId } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';
import { isNewSince } from '../domain/new-since.ts';
import { leadImageStory, type Story } from '../domain/story.ts';
import { SectionHeading } from './SectionHeading.tsx';
import type { ShareTarget } from '../domain/share.ts';
import { StoryCard, type CardParts, type StoryCardVariant } from './StoryCard.tsx';
import { StoryGrid, type StoryGridLayout } from './StoryGrid.tsx';

/** What every card of a list is given: the bookmarks, the handlers, "New" and the share sheet. */
export interface CardListProps {
  bookmarks: ReadonlySet<string>;
  onToggleBookmark(story: Story): void;
  onShare(story: Story, target: ShareTarget): void;
  /** The previous visit's time: stories published after it carry "New"; null on a first visit. */
  lastVisit?: number | null;
  /** Share menus offer the system share sheet. */
  canShareNatively?: boolean;
  /** The followed stories' ids, and the follow toggle (docs/product.md#following-a-story). */
  follows?: ReadonlySet<string>;
  onToggleFollow?(story: Story): void;
  /** "{N} new reports" by story id (the Following view). */
  newReports?: Readonly<Record<string, number>>;
  /** The stories read, and what a card does about them and its outlet (docs/product.md#a-front-page-of-ones-own). */
  read?: ReadonlySet<string>;
  onRead?(story: Story): void;
  onHideSource?(story: Story): void;
  onToggleRead?(story: Story): void;
  /** What the cards draw from the page's later part. */
  parts: CardParts;
}

export interface StorySectionsProps extends CardListProps {
  top: Story[];
  more: Story[];
}

interface StoryListProps extends CardListProps {
  stories: readonly Story[];
  layout: StoryGridLayout;
  variant: StoryCardVariant;
  /** The story whose image is the first screen's largest (`leadImageStory`). */
  leadImageId?: string;
}

/** A grid of cards: the one way a list of stories is drawn (the two sections, the last 30 days). */
export function StoryList({ stories, layout, variant, leadImageId, bookmarks, onToggleBookmark, onShare, lastVisit = null, canShareNatively = false, follows, onToggleFollow, newReports, read, onRead, onHideSource, onToggleRead, parts }: StoryListProps) {
  return (
    <StoryGrid layout={layout}>
      {stories.map((story) => (
        <li key={story.id}>
          <StoryCard
            story={story}
            variant={variant}
            isBookmarked={bookmarks.has(story.id)}
            onToggleBookmark={onToggleBookmark}
            onShare={onShare}
            isNew={isNewSince(story, lastVisit)}
            canShareNatively={canShareNatively}
            hasLeadImage={story.id === leadImageId}
            isFollowed={follows?.has(story.id) ?? false}
            onToggleFollow={onToggleFollow}
            newReports={newReports !== undefined && Object.hasOwn(newReports, story.id) ? newReports[story.id] : 0}
            isRead={read?.has(story.id) ?? false}
            onRead={onRead}
            onHideSource={onHideSource}
            onToggleRead={onToggleRead}
            parts={parts}
          />
        </li>
      ))}
    </StoryGrid>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(10)};
`;

interface SectionProps extends StoryListProps {
  title: string;
}

function Section({ title, ...list }: SectionProps) {
  const headingId = useId();
  if (list.stories.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{title}</SectionHeading>
      <StoryList {...list} />
    </section>
  );
}

/** Memoized: it re-renders only when the stories shown, the bookmarks or the handlers change. */
export const StorySections = memo(function StorySections({ top, more, ...cardProps }: StorySectionsProps) {
  const leadImageId = leadImageStory(top)?.id;
  return (
    <Stack>
      <Section title="Top Stories" stories={top} layout="top" variant="large" leadImageId={leadImageId} {...cardProps} />
      <Section title="More Stories" stories={more} layout="more" variant="compact" {...cardProps} />
    </Stack>
  );
});
