import { memo, Suspense, useId, type ComponentType } from 'react';
import styled from 'styled-components';
import { formatStoryDate, isoDateTime } from '../domain/format.ts';
import type { RelatedLink, Story } from '../domain/story.ts';
import { storyPagePath } from '../domain/coverage.ts';
import { isHttpUrl } from '../domain/url.ts';
import { focusRing, visuallyHidden } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';
import { cardLink, ExternalLink } from './ExternalLink.tsx';
import { RouteLink } from '../ui/RouteLink.tsx';
import { ShareMenuButton, type OpenShareMenuProps } from '../share/ShareMenuButton.tsx';
import type { ShareTarget } from '../domain/share.ts';
import { StoryImage } from './StoryImage.tsx';
import { StoryToggles } from './StoryToggles.tsx';
import { MoreOptionsButton, type OpenMoreOptionsProps } from './MoreOptionsButton.tsx';
import { CheckIcon } from '../ui/icons.tsx';
import { cardTextFont, headlineFont, smallPrintFont } from './storyFonts.ts';

export interface RelatedSourcesProps {
  /** Validated entries (1 to 10); the card shows nothing when there are none. */
  related: readonly RelatedLink[];
}

/** What a card draws from the page's later part (src/app/later.ts), each in Suspense. */
export interface CardParts {
  /** The other outlets' disclosure, only on a story other outlets also reported; it waits for the later part, after the first screen. */
  RelatedSources: ComponentType<RelatedSourcesProps>;
  /** The open share menu, drawn on a press of "Share story". */
  ShareMenu: ComponentType<OpenShareMenuProps>;
  /** The open "More options" menu, drawn on a press of "More options". */
  MoreOptionsMenu: ComponentType<OpenMoreOptionsProps>;
}

const Hidden = styled.span`
  ${visuallyHidden}
`;

export type StoryCardVariant = 'large' | 'compact';

export interface StoryCardProps {
  story: Story;
  variant: StoryCardVariant;
  isBookmarked: boolean;
  onToggleBookmark(story: Story): void;
  onShare(story: Story, target: ShareTarget): void;
  headingLevel?: 3;
  /** Published since the visitor's previous visit: the card carries "New". */
  isNew?: boolean;
  /** The share menu offers "More sharing options" (the system share sheet). */
  canShareNatively?: boolean;
  /** Its image is the first screen's largest: loaded early (StoryImage). */
  hasLeadImage?: boolean;
  /** Following (docs/product.md#following-a-story): the toggle shows when the page follows stories. */
  isFollowed?: boolean;
  onToggleFollow?(story: Story): void;
  /** Reports on it the visitor had not seen: "{N} new reports". */
  newReports?: number;
  /** Read (docs/product.md#read): the title dimmed, and "Read" beside the date. */
  isRead?: boolean;
  /** "Read more" followed: the story becomes read ("Full coverage" opens its page, which marks it). */
  onRead?(story: Story): void;
  /** "More options": "Hide stories from {source}", "Mark as read" / "Mark as unread" (docs/product.md#more-options). */
  onHideSource?(story: Story): void;
  onToggleRead?(story: Story): void;
  parts: CardParts;
}

// :focus-visible: the card is focused by the reading keys (j / k).
// contain: nothing inside a card lays out or paints outside it (overflow is hidden anyway), so
// the browser repaints and hit-tests each card on its own, so a key typed with 60 cards on the
// page does not re-walk all of them in the frame that shows it. The card's own shadow and focus
// ring are outside what paint containment clips.
const Card = styled.article`
  contain: layout paint;
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow.card};
  transition: box-shadow ${theme.motion.normal};

  &:hover {
    box-shadow: ${theme.shadow.cardHover};
  }

  &:focus-visible {
    ${focusRing}
  }
`;

const NewBadge = styled.span`
  padding: ${theme.space(0.5)} ${theme.space(2)};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.accentSoft.bg};
  color: ${theme.color.accentSoft.text};
  ${smallPrintFont('bold')}
  letter-spacing: 0.02em;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${theme.space(2)};
  padding: ${theme.space(3)} ${theme.space(4)} ${theme.space(1)};

  [data-variant='large'] > & {
    padding: ${theme.space(4)} ${theme.space(5)} ${theme.space(2)};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(1)} ${theme.space(2.5)};
  color: ${theme.color.textMuted};
  ${smallPrintFont('regular')}
`;

const SourceBadge = styled.span`
  max-width: 100%;
  overflow: hidden;
  padding: ${theme.space(0.5)} ${theme.space(2)};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.surfaceMuted};
  color: ${theme.color.text};
  ${smallPrintFont('bold')}
  letter-spacing: 0.02em;
  text-overflow: ellipsis;
  text-transform: uppercase;
  white-space: nowrap;
`;

const Title = styled.h3`
  color: ${theme.color.text};
  ${headlineFont('lg')}
  line-height: ${theme.font.lineHeight.tight};
  overflow-wrap: anywhere;
  text-wrap: balance;

  [data-variant='large'] & {
    ${headlineFont('xl')}
  }

  /* Read: the muted text colour, AA against the card in both themes (tests/components/contrast.test.ts). */
  [data-read] & {
    color: ${theme.color.textMuted};
  }
`;

const ReadMark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  color: ${theme.color.textMuted};
  ${smallPrintFont('bold')}
`;

// Clamped to 3 lines, or 4 on a large card.
const Summary = styled.p`
  display: -webkit-box;
  overflow: hidden;
  color: ${theme.color.textMuted};
  ${cardTextFont('regular')}
  overflow-wrap: anywhere;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;

  [data-variant='large'] & {
    -webkit-line-clamp: 4;
    line-clamp: 4;
  }
`;

/** The other sources' disclosure, closed (RelatedSources' trigger): its height, kept until the later part draws it. */
export const RELATED_SOURCES_HEIGHT = '32px';

// The card does not grow under the reader when the disclosure comes.
const RelatedSourcesPlace = styled.div`
  min-height: ${RELATED_SOURCES_HEIGHT};
`;

// Its links, then its buttons, on the next line where the card is too narrow for both.
const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0 ${theme.space(2)};
  margin-top: auto;
  padding-top: ${theme.space(1)};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space(4)};
`;

const CoverageLink = styled(RouteLink)`
  ${cardLink}
`;

const Actions = styled.div`
  display: flex;
  gap: ${theme.space(0.5)};
  margin-left: auto;
  margin-right: -${theme.space(2)};
`;

function StoryDate({ iso }: { iso: string }) {
  const label = formatStoryDate(iso);
  const dateTime = isoDateTime(iso);
  if (label === null || dateTime === null) return null;
  return <time dateTime={dateTime}>{label}</time>;
}

/** Memoized: typing in the search box re-renders the page, and unchanged cards should not follow. */
export const StoryCard = memo(function StoryCard({
  story,
  variant,
  isBookmarked,
  onToggleBookmark,
  onShare,
  headingLevel = 3,
  isNew = false,
  canShareNatively = false,
  hasLeadImage = false,
  isFollowed = false,
  onToggleFollow,
  newReports = 0,
  isRead = false,
  onRead,
  onHideSource,
  onToggleRead,
  parts,
}: StoryCardProps) {
  const headingId = useId();
  return (
    // tabIndex -1: the reading keys move focus to the article itself (docs/product.md#accessible-names).
    <Card aria-labelledby={headingId} tabIndex={-1} data-story-id={story.id} data-variant={variant} data-read={isRead || undefined}>
      {isHttpUrl(story.image) && <StoryImage key={story.image} src={story.image} isLead={hasLeadImage} />}
      <Body>
        <Meta>
          <SourceBadge dir="auto">{story.source}</SourceBadge>
          <StoryDate iso={story.published_at} />
          {isNew && <NewBadge>New</NewBadge>}
          {/* Not colour alone: a mark and a word say it is read. */}
          {isRead && (
            <ReadMark>
              <CheckIcon size={14} />
              Read
            </ReadMark>
          )}
          {newReports > 0 && <NewBadge>{newReports === 1 ? '1 new report' : `${newReports} new reports`}</NewBadge>}
        </Meta>
        <Title as={`h${headingLevel}`} id={headingId} dir="auto">
          {story.title}
        </Title>
        {story.summary !== '' && <Summary dir="auto">{story.summary}</Summary>}
        {story.related !== undefined && story.related.length > 0 && (
          <Suspense fallback={<RelatedSourcesPlace />}>
            <parts.RelatedSources related={story.related} />
          </Suspense>
        )}
        <Footer>
          <Links>
            {isHttpUrl(story.url) && (
              <ExternalLink href={story.url} onClick={() => onRead?.(story)} onAuxClick={() => onRead?.(story)}>
                {/* Seen as "Read more"; named after the story it opens (docs/product.md#accessible-names). */}
                Read more <Hidden>about {story.title}</Hidden>
              </ExternalLink>
            )}
            {/* Every report of it, on its own page (docs/product.md#a-page-for-each-story). */}
            <CoverageLink href={storyPagePath(story.id)}>
              Full coverage
            </CoverageLink>
          </Links>
          <Actions>
            <StoryToggles story={story} isBookmarked={isBookmarked} onToggleBookmark={onToggleBookmark} isFollowed={isFollowed} onToggleFollow={onToggleFollow}>
              <ShareMenuButton Menu={parts.ShareMenu} onShare={(target) => onShare(story, target)} canShareNatively={canShareNatively} />
              {onHideSource && onToggleRead && (
                <MoreOptionsButton Menu={parts.MoreOptionsMenu} source={story.source} isRead={isRead} onHideSource={() => onHideSource(story)} onToggleRead={() => onToggleRead(story)} />
              )}
            </StoryToggles>
          </Actions>
        </Footer>
      </Body>
    </Card>
  );
});
