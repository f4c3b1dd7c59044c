import { memo, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button.tsx';
import { ErrorState } from '../components/ErrorState.tsx';
import type { ShareTarget } from '../components/ShareMenu.tsx';
import { SkeletonCards } from '../components/SkeletonCards.tsx';
import type { Story } from '../domain/story.ts';
import { visuallyHidden } from '../theme/mixins.ts';
import { DeferredEmptyState, DeferredStorySections, markStoryAreaSettled, markStoryAreaWaiting } from './deferred-components.tsx';
import type { FeedStatus } from './selectors.ts';

/** The first matches, shown large as Top Stories (docs/product.md#screens-and-states). */
export const TOP_STORIES_COUNT = 3;

/**
 * Compact cards rendered at first and per "Show more". More Stories holds all the remaining
 * matches (docs/product.md#screens-and-states) for every answer the fetch-news function can
 * give, at most 200 stories; only a larger feed (thousands of stories from another backend) is
 * paged, so that the page never renders thousands of cards at once (docs/performance.md).
 */
export const MORE_STORIES_PAGE = 200 - TOP_STORIES_COUNT;

/**
 * A new result list renders the top stories and this many compact cards at once: all that a
 * 1280×900 or 1920×1080 window shows above the fold (3 top stories and a row of 4; the page's
 * width is capped, so a wider window shows no more), few enough to render, lay out and paint
 * between two keys even at 4x CPU throttling. The rest of the page follows CARDS_PER_BATCH at a
 * time, one batch per task after a paint, so that no task grows long and a key press always
 * goes first (docs/performance.md). Each card more in this first render lengthens the commit
 * and the frame of every result list, and so the keys typed while they run. The snapshot
 * painted before the app shows as many (SNAPSHOT_MORE, src/snapshot/paint.ts).
 */
export const FIRST_CARDS = 4;
export const CARDS_PER_BATCH = 8;

/**
 * How long a new result list, and the visitor's typing, must have stayed quiet before the cards
 * past the first ones render: while the visitor is typing, every pause brings another list,
 * and cards below the screen would only make the next list (and the keys typed meanwhile) wait
 * for them. Scrolling, or focus reaching the last card, renders them at once.
 */
export const REST_AFTER_MS = 1000;

// When the visitor last typed anywhere on the page: while they type, the cards past the first
// ones wait (REST_AFTER_MS); a list that comes otherwise (the feed's answer, a category) renders
// on at once.
let lastInputAt = Number.NEGATIVE_INFINITY;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'input',
    () => {
      lastInputAt = performance.now();
    },
    true,
  );
}

interface StoryAreaProps {
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
  bookmarks: ReadonlySet<string>;
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

/** The position of the card holding `element` in `cards`, or -1. */
function cardIndex(element: EventTarget, cards: readonly Story[]): number {
  const id = element instanceof Element ? element.closest<HTMLElement>('article[data-story-id]')?.dataset.storyId : undefined;
  return id === undefined ? -1 : cards.findIndex((story) => story.id === id);
}

/**
 * The story area: skeletons, the error screen, the empty state or the two sections. Memoized:
 * only a new result list, status or bookmark re-renders it.
 */
export const StoryArea = memo(function StoryArea({ status, matches, query = '', holdAnnouncement = false, bookmarks, onRetry, onClearFilters, onToggleBookmark, onShare, lastVisit = null, canShareNatively = false }: StoryAreaProps) {
  const [shown, setShown] = useState({ matches, limit: MORE_STORIES_PAGE, rendered: FIRST_CARDS });
  const current = announcement(status, matches.length);
  const [announced, setAnnounced] = useState(current);
  if (!holdAnnouncement && announced !== current) setAnnounced(current);
  // A new result list starts again from the first page, and from the first batch of it.
  const fresh = shown.matches !== matches;
  const limit = fresh ? MORE_STORIES_PAGE : shown.limit;
  const rendered = fresh ? FIRST_CARDS : shown.rendered;
  const available = Math.max(0, Math.min(limit, matches.length - TOP_STORIES_COUNT));
  // Stable arrays, so the memoized sections skip renders that change nothing they show.
  const top = useMemo(() => matches.slice(0, TOP_STORIES_COUNT), [matches]);
  const more = useMemo(() => matches.slice(TOP_STORIES_COUNT, TOP_STORIES_COUNT + Math.min(rendered, available)), [matches, rendered, available]);
  const remaining = matches.length - TOP_STORIES_COUNT - available;
  const renderMore = useCallback(() => setShown({ matches, limit, rendered: rendered + CARDS_PER_BATCH }), [matches, limit, rendered]);

  // The rest of the page, a batch per task after a paint, in the background (a key press goes
  // first). While the visitor types (anywhere on the page), no batch renders: each key starts
  // the REST_AFTER_MS wait again, so that the keys never wait for cards below the screen. A
  // scroll ends the wait for this list.
  const scrolledList = useRef<Story[] | null>(null);
  useEffect(() => {
    if (status === 'loading' || rendered >= available) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const typing = () => scrolledList.current !== matches && performance.now() - lastInputAt < REST_AFTER_MS;
    const batch = () => (typing() ? wait() : startTransition(renderMore));
    const next = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        timer = setTimeout(batch, 0);
      });
    };
    const wait = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      timer = setTimeout(next, REST_AFTER_MS);
    };
    const scrolled = () => {
      scrolledList.current = matches;
      next();
    };
    const typed = () => {
      if (typing()) wait();
    };
    window.addEventListener('scroll', scrolled, { passive: true });
    document.addEventListener('input', typed, true);
    if (typing()) wait();
    else next();
    return () => {
      window.removeEventListener('scroll', scrolled);
      document.removeEventListener('input', typed, true);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [status, rendered, available, renderMore, matches]);
  // Focus reaching the last batch (the reading keys, Tab) renders the next one at once, so
  // that j never stops at a card that is only the last one rendered so far.
  const onFocus = (event: FocusEvent) => {
    if (rendered < available && cardIndex(event.target, more) >= more.length - CARDS_PER_BATCH) renderMore();
  };
  // A slow answer: the page's other controls load meanwhile (src/app/deferred-components.tsx).
  useEffect(() => (status === 'loading' ? markStoryAreaWaiting() : undefined), [status]);
  const noCards = status === 'error' || (status !== 'loading' && matches.length === 0);
  useEffect(() => {
    if (noCards) markStoryAreaSettled();
  }, [noCards]);

  return (
    <Area id="stories" tabIndex={-1} aria-busy={status === 'loading'} data-query={query} data-count={matches.length} onFocus={onFocus}>
      <Announcer aria-live="polite">{holdAnnouncement ? announced : current}</Announcer>
      {status === 'loading' ? (
        <SkeletonCards />
      ) : status === 'error' ? (
        <ErrorState onRetry={onRetry} />
      ) : matches.length === 0 ? (
        <Suspense fallback={null}>
          <DeferredEmptyState.Component onClearFilters={onClearFilters} />
        </Suspense>
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
              {/* The next page renders in batches too, from where the page is. */}
              <Button onPress={() => setShown({ matches, limit: limit + MORE_STORIES_PAGE, rendered: Math.max(rendered, available) + CARDS_PER_BATCH })}>
                Show more stories ({remaining} more)
              </Button>
            </More>
          )}
        </>
      )}
    </Area>
  );
});
