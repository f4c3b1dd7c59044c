/**
 * What the page says about where the stories on screen come from
 * (docs/product.md#loading-failure-retry-and-fallback): the demo notice with the sample stories,
 * the offline notice with stories kept by an earlier visit, and the "new stories" bar when a live
 * answer waits behind the kept stories.
 */
import { Suspense, type ComponentType } from 'react';
import styled from 'styled-components';
import type { Story } from '../domain/story.ts';
import { DemoNotice } from './DemoNotice.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import type { FeedStatus } from '../../machines/feed.ts';
import { theme } from '../theme/tokens.ts';

// The demo and offline notices are in the first render: above their stories, they would move them down if they
// came later. The "new stories" bar is in the page's later part: it comes with a live answer, after the kept stories.

export interface HeldBackStoriesProps {
  /** The held-back live answer; null while the machine holds none. */
  incoming: Story[] | null;
  /** The kept stories on screen. */
  shown: Story[];
  /** Shows the held-back answer (the feed's `feed.showNew`). */
  onShow(): void;
}

const Notices = styled.div`
  margin-bottom: ${theme.space(6)};
`;

export interface FeedNoticesProps {
  status: FeedStatus;
  /** When the kept stories on screen were kept; null when none are shown. */
  keptAt: string | null;
  /** A live answer held back over the kept stories; null when none is. */
  incoming: Story[] | null;
  stories: Story[];
  /** Shows the held-back answer. */
  onShowIncoming(): void;
  /** The "new stories" bar (later/HeldBackStories.tsx): it waits for the page's later part. */
  HeldBack: ComponentType<HeldBackStoriesProps>;
}

export function FeedNotices({ status, keptAt, incoming, stories, onShowIncoming, HeldBack }: FeedNoticesProps) {
  if (status === 'demo') {
    return (
      <Notices>
        <DemoNotice />
      </Notices>
    );
  }
  if (status === 'offline' && keptAt !== null) {
    return (
      <Notices>
        <OfflineNotice keptAt={keptAt} />
      </Notices>
    );
  }
  if (status === 'kept') {
    return (
      <Suspense fallback={null}>
        <HeldBack incoming={incoming} shown={stories} onShow={onShowIncoming} />
      </Suspense>
    );
  }
  return null;
}
