/**
 * What the page says about where the stories on screen come from
 * (docs/product.md#loading-failure-retry-and-fallback): the demo notice with the sample stories,
 * the offline notice with stories kept by an earlier visit, and the "new stories" bar when a live
 * answer waits behind the kept stories. In the stories' chunk: each shows only with stories.
 */
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { Story } from '../domain/story.ts';
import type { FeedStatus } from './selectors.ts';
import { onDemand } from '../browser/on-demand.ts';

// Only kept stories on screen need it: its code loads with them, long before the live answer.
const HeldBackStories = lazy(() => onDemand(() => import('./HeldBackStories.tsx')).then((m) => ({ default: m.HeldBackStories })));
// Only the sample stories (their own chunk) or kept stories after a failed call bring these.
const DemoNotice = lazy(() => onDemand(() => import('./DemoNotice.tsx')).then((m) => ({ default: m.DemoNotice })));
const OfflineNotice = lazy(() => onDemand(() => import('./OfflineNotice.tsx')).then((m) => ({ default: m.OfflineNotice })));

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
