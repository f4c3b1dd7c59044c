/**
 * "Search the last 30 days" and the section it opens (docs/product.md#the-last-30-days): the
 * function's own search over the stored stories, below the page's results. A chunk of its own,
 * loaded when the search box first holds text.
 */
import { memo, useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/later/Button.tsx';
import { SectionHeading } from '../../stories/SectionHeading.tsx';
import { StoryList, type CardListProps } from '../../stories/StorySections.tsx';
import type { Story } from '../../domain/story.ts';
import { useArchive, useArchiveActor } from '../actors.ts';
import { listEndRow } from '../../theme/mixins.ts';
import { theme } from '../../theme/tokens.ts';

export interface ArchiveSectionProps extends CardListProps {
  /** The last 30 days' matches the page does not show already (src/domain/page-list.ts). */
  stories: readonly Story[];
  /** Shows the section for the search box's text (the URL gains `archive=1`). */
  onSearch(): void;
}

const Wrap = styled.div`
  margin-top: ${theme.space(10)};
`;

const Centered = styled.div`
  ${listEndRow}
`;

export const ArchiveSection = memo(function ArchiveSection({ stories, onSearch, ...cardProps }: ArchiveSectionProps) {
  const archive = useArchiveActor();
  const state = useArchive((snapshot) => (snapshot.hasTag('searching') ? 'searching' : snapshot.hasTag('failed') ? 'failed' : snapshot.hasTag('answered') ? 'answered' : 'hidden'));
  const headingId = useId();

  if (state === 'hidden') {
    return (
      <Wrap>
        <Centered>
          <Button onPress={onSearch}>Search the last 30 days</Button>
        </Centered>
      </Wrap>
    );
  }
  return (
    <Wrap as="section" aria-labelledby={headingId} aria-busy={state === 'searching'}>
      <SectionHeading id={headingId}>From the last 30 days</SectionHeading>
      {state === 'searching' ? (
        <Centered>
          <p>Searching older stories…</p>
        </Centered>
      ) : state === 'failed' ? (
        <Centered role="alert">
          <p>Could not search older stories</p>
          <Button onPress={() => archive.send({ type: 'archive.retry' })}>Try again</Button>
        </Centered>
      ) : stories.length === 0 ? (
        <Centered>
          <p>Nothing older matches</p>
        </Centered>
      ) : (
        <StoryList stories={stories} layout="more" variant="compact" {...cardProps} />
      )}
    </Wrap>
  );
});
