import { memo, startTransition, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/tokens.ts';
import { ErrorState } from './ErrorState.tsx';
import { SkeletonCards } from './SkeletonCards.tsx';
import { StorySections, type CardListProps } from './StorySections.tsx';
import { TOP_STORIES_COUNT, type Story } from '../domain/story.ts';
import { visuallyHidden } from '../theme/mixins.ts';
import type { FeedStatus } from '../../machines/feed.ts';

export interface EmptyStateProps {
  onClearFilters?(): void;
}

/** A first screenful at any width (a 412x823 phone, a 1280x900 desktop), as many cards as the skeleton shows. */
const FIRST_SCREEN_COUNT = 11;
/** Cards added in each step after it: a step stays well under 50 ms at 4x CPU (docs/performance-experiments.md#cards-drawn-in-steps-static-card-styles-46). */
const CARDS_PER_STEP = 12;

/**
 * How many of `total` cards to draw: a first screenful in the render that brings the list, then
 * a step of cards in each transition until all are drawn. A transition renders in slices that
 * give way to a keypress, and commits only its step's cards. A later list keeps the count
 * reached (its cards are mostly the same, and the page keeps its height when the live answer
 * replaces kept stories); an empty one starts the count over.
 */
function useDrawnCount(total: number): number {
  const [count, setCount] = useState(FIRST_SCREEN_COUNT);
  if (total === 0 && count !== FIRST_SCREEN_COUNT) setCount(FIRST_SCREEN_COUNT);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((last) => last + CARDS_PER_STEP));
  }, [count, total]);
  return count;
}

interface StoryAreaProps extends CardListProps {
  status: FeedStatus;
  matches: Story[];
  /**
   * The search `matches` answer: on the element as `data-query` (and their number as
   * `data-count`), for whoever needs to know which search the list shows (the bench:
   * docs/performance.md).
   */
  query?: string;
  /**
   * The visitor is typing a search not yet settled: the live region keeps the number it read
   * last until typing pauses, so that a screen reader hears one count per search, not one per key.
   */
  holdAnnouncement?: boolean;
  onRetry(): void;
  onClearFilters(): void;
  /** The end of More Stories when the list shows ("Show older stories"). */
  listEnd?: ReactNode;
  /** After the results, the empty state too ("Search the last 30 days"). */
  afterResults?: ReactNode;
  /** "No stories found" (later/EmptyState.tsx, in the page's later part): only a search or filter with no match shows it. */
  Empty: ComponentType<EmptyStateProps>;
  /** Shown instead of it when every story matched is from an outlet the visitor hid (docs/product.md#hide-an-outlet). */
  allHidden?: ReactNode;
}

const Area = styled.main`
  padding-bottom: ${theme.space(16)};
  outline: none;
`;

const Announcer = styled.p`
  ${visuallyHidden}
`;

function announcement(status: FeedStatus, count: number): string {
  if (status === 'loading') return 'Loading stories';
  if (status === 'error') return '';
  return count === 1 ? '1 story' : `${count} stories`;
}

/**
 * The story area: skeletons, the error screen, the empty state or the two sections. Memoized:
 * only a new result list, status or bookmark re-renders it.
 */
export const StoryArea = memo(function StoryArea({ status, matches, query = '', holdAnnouncement = false, onRetry, onClearFilters, listEnd = null, afterResults = null, Empty, allHidden = null, ...cardProps }: StoryAreaProps) {
  const current = announcement(status, matches.length);
  const [announced, setAnnounced] = useState(current);
  if (!holdAnnouncement && announced !== current) setAnnounced(current);
  const drawn = useDrawnCount(matches.length);
  // Stable arrays, so the memoized sections skip renders that change nothing they show.
  const top = useMemo(() => matches.slice(0, TOP_STORIES_COUNT), [matches]);
  const more = useMemo(() => matches.slice(TOP_STORIES_COUNT, drawn), [matches, drawn]);

  return (
    <Area id="stories" tabIndex={-1} aria-busy={status === 'loading'} data-query={query} data-count={matches.length}>
      <Announcer aria-live="polite">{holdAnnouncement ? announced : current}</Announcer>
      {status === 'loading' ? (
        <SkeletonCards />
      ) : status === 'error' ? (
        <ErrorState onRetry={onRetry} />
      ) : matches.length === 0 && allHidden !== null ? (
        allHidden
      ) : matches.length === 0 ? (
        <Suspense fallback={null}>
          <Empty onClearFilters={onClearFilters} />
        </Suspense>
      ) : (
        <>
          <StorySections top={top} more={more} {...cardProps} />
          {listEnd}
        </>
      )}
      {status !== 'loading' && status !== 'error' && afterResults}
    </Area>
  );
});
