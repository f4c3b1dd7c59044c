import { startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorState } from '../components/ErrorState.tsx';
import type { ShareTarget } from '../components/ShareMenu.tsx';
import { SkeletonCards } from '../components/SkeletonCards.tsx';
import type { Story } from '../domain/story.ts';
import { visuallyHidden } from '../theme/mixins.ts';
import { DeferredStorySections, markStoryAreaSettled } from './deferred-components.tsx';
import type { FeedStatus } from './selectors.ts';

/** The first matches, shown large as Top Stories (docs/product.md#screens-and-states). */
export const TOP_STORIES_COUNT = 3;

/** Compact cards rendered at first and per "Show more": large feeds stay fast (docs/performance.md). */
export const MORE_STORIES_PAGE = 60;

/**
 * A new result list renders this many compact cards (more than a large screen shows), then
 * the rest of the page CARDS_PER_FRAME per frame, so that neither the first card nor a
 * keystroke waits for sixty cards (docs/performance.md).
 */
export const FIRST_CARDS = 24;
export const CARDS_PER_FRAME = 12;

interface StoryAreaProps {
  status: FeedStatus;
  matches: Story[];
  bookmarks: ReadonlySet<string>;
  isFiltering: boolean;
  onRetry(): void;
  onClearFilters(): void;
  onToggleBookmark(story: Story): void;
  onShare(story: Story, target: ShareTarget): void;
  /** The previous visit's time (stories after it carry "New"); null for none. */
  lastVisit?: number | null;
  canShareNatively?: boolean;
}

const Area = styled.main`
  padding-bottom: ${({ theme }) => theme.space(16)};
  outline: none;
  transition: opacity ${({ theme }) => theme.motion.fast};

  &[data-filtering] {
    opacity: 0.7;
  }
`;

const Announcer = styled.p`
  ${visuallyHidden}
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(8)};
`;

/** Rendered beside the cards: its effect runs once they are in the document. */
function SettledMarker() {
  useEffect(markStoryAreaSettled, []);
  return null;
}

function announcement(status: FeedStatus, count: number): string {
  if (status === 'loading') return 'Loading stories';
  if (status === 'error') return '';
  return count === 1 ? '1 story' : `${count} stories`;
}

/** The story area: skeletons, the error screen, the empty state or the two sections. */
export function StoryArea({ status, matches, bookmarks, isFiltering, onRetry, onClearFilters, onToggleBookmark, onShare, lastVisit = null, canShareNatively = false }: StoryAreaProps) {
  const [shown, setShown] = useState({ matches, limit: MORE_STORIES_PAGE, rendered: FIRST_CARDS });
  // A new result list starts again from the first page, and from the first batch of it.
  const fresh = shown.matches !== matches;
  const limit = fresh ? MORE_STORIES_PAGE : shown.limit;
  const rendered = Math.min(limit, fresh ? FIRST_CARDS : shown.rendered);
  const available = Math.max(0, Math.min(limit, matches.length - TOP_STORIES_COUNT));
  // Stable arrays, so the memoized sections skip renders that change nothing they show.
  const top = useMemo(() => matches.slice(0, TOP_STORIES_COUNT), [matches]);
  const more = useMemo(() => matches.slice(TOP_STORIES_COUNT, TOP_STORIES_COUNT + rendered), [matches, rendered]);
  const remaining = matches.length - TOP_STORIES_COUNT - available;

  // The rest of the page, a batch after each paint, in the background (a key press goes first).
  useEffect(() => {
    if (status === 'loading' || rendered >= available) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown({ matches, limit, rendered: rendered + CARDS_PER_FRAME })), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [status, matches, limit, rendered, available]);
  const noCards = status === 'error' || (status !== 'loading' && matches.length === 0);
  useEffect(() => {
    if (noCards) markStoryAreaSettled();
  }, [noCards]);

  return (
    <Area id="stories" tabIndex={-1} aria-busy={status === 'loading'} data-filtering={isFiltering || undefined}>
      <Announcer aria-live="polite">{announcement(status, matches.length)}</Announcer>
      {status === 'loading' ? (
        <SkeletonCards />
      ) : status === 'error' ? (
        <ErrorState onRetry={onRetry} />
      ) : matches.length === 0 ? (
        <EmptyState onClearFilters={onClearFilters} />
      ) : (
        <>
          <Suspense fallback={<SkeletonCards />}>
            <DeferredStorySections.Component
              top={top}
              more={more}
              bookmarks={bookmarks}
              onToggleBookmark={onToggleBookmark}
              onShare={onShare}
              lastVisit={lastVisit}
              canShareNatively={canShareNatively}
            />
            <SettledMarker />
          </Suspense>
          {remaining > 0 && (
            <More>
              <Button onPress={() => setShown({ matches, limit: limit + MORE_STORIES_PAGE, rendered: limit + MORE_STORIES_PAGE })}>
                Show more stories ({remaining} more)
              </Button>
            </More>
          )}
        </>
      )}
    </Area>
  );
}
