/**
 * What the page says about where the stories on screen come from
 * (docs/product.md#loading-failure-retry-and-fallback): the demo notice with the sample stories,
 * the offline notice with stories kept by an earlier visit, and the "new stories" bar when a live
 * answer waits behind the kept stories.
 */
import { Suspense } from 'react';
import styled from 'styled-components';
import type { Story } from '../domain/story.ts';
import type { FeedStatus } from './selectors.ts';
import { laterComponent } from '../ui/later.ts';

// In the page's later part: each shows only with stories, after the first render.
const HeldBackStories = laterComponent('HeldBackStories');
const DemoNotice = laterComponent('DemoNotice');
const OfflineNotice = laterComponent('OfflineNotice');

const Notices = styled.div`
  margin-bottom: ${({ theme }) => theme.space(6)};
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
}

export function FeedNotices({ status, keptAt, incoming, stories, onShowIncoming }: FeedNoticesProps) {
  if (status === 'demo') {
    return (
      <Notices>
        <Suspense fallback={null}>
          <DemoNotice />
        </Suspense>
      </Notices>
    );
  }
  if (status === 'offline' && keptAt !== null) {
    return (
      <Notices>
        <Suspense fallback={null}>
          <OfflineNotice keptAt={keptAt} />
        </Suspense>
      </Notices>
    );
  }
  if (status === 'kept') {
    return (
      <Suspense fallback={null}>
        <HeldBackStories incoming={incoming} shown={stories} onShow={onShowIncoming} />
      </Suspense>
    );
  }
  return null;
}
