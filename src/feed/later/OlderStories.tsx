/**
 * The end of More Stories when older stories exist (docs/product.md#older-stories): "Show older
 * stories", its loading state, or "Could not load older stories" with "Try again". A chunk of
 * its own, loaded when the feed first has a `next`.
 */
import styled from 'styled-components';
import { Button } from '../../ui/later/Button.tsx';
import type { OlderStatus } from '../selectors.ts';
import { listEndRow } from '../../theme/mixins.ts';
import { theme } from '../../theme/tokens.ts';

export interface OlderStoriesProps {
  status: OlderStatus;
  onLoad(): void;
  onRetry(): void;
}

const End = styled.div`
  ${listEndRow}
  margin-top: ${theme.space(8)};
`;

export function OlderStories({ status, onLoad, onRetry }: OlderStoriesProps) {
  if (status === 'failed') {
    return (
      <End role="alert">
        <p>Could not load older stories</p>
        <Button onPress={onRetry}>Try again</Button>
      </End>
    );
  }
  return (
    <End>
      <Button onPress={onLoad} isPending={status === 'loading'}>
        {status === 'loading' ? 'Loading older stories…' : 'Show older stories'}
      </Button>
    </End>
  );
}
