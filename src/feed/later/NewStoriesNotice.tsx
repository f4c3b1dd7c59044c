import styled from 'styled-components';
import { newStoriesText } from '../../domain/new-stories.ts';
import { floatingBar, floatingRegion } from '../../theme/floating.ts';
import { Button } from '../../ui/later/Button.tsx';
import { RefreshIcon } from '../../ui/icons.tsx';
import { theme } from '../../theme/tokens.ts';

export const SHOW_NEW_STORIES_LABEL = 'Show latest stories';

const Region = styled.div`
  ${floatingRegion}
  top: ${theme.space(3)};
`;

const Bar = styled.div`
  ${floatingBar}
`;

interface NewStoriesNoticeProps {
  /** Stories in the held-back answer that are not on screen; null when nothing is held back. */
  count: number | null;
  onShow(): void;
}

/**
 * A live answer that arrived while the visitor was reading: announced, and shown when they ask
 * (docs/product.md#loading-failure-retry-and-fallback). Floats at the top of the viewport, so
 * nothing on the page moves.
 */
export function NewStoriesNotice({ count, onShow }: NewStoriesNoticeProps) {
  return (
    <Region role="status">
      {count !== null && (
        <Bar>
          <span>{newStoriesText(count)}</span>
          <Button variant="primary" onPress={onShow}>
            <RefreshIcon size={16} />
            {SHOW_NEW_STORIES_LABEL}
          </Button>
        </Bar>
      )}
    </Region>
  );
}
