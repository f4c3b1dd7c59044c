import styled from 'styled-components';
import { newStoriesText } from '../domain/new-stories.ts';
import { Button } from '../ui/Button.tsx';
import { RefreshIcon } from '../ui/icons.tsx';


export const SHOW_NEW_STORIES_LABEL = 'Show latest stories';

/** Always present, so that assistive technology announces what appears in it (a polite live region). */
const Region = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
  left: ${({ theme }) => theme.space(3)};
  z-index: 90;
  display: flex;
  justify-content: center;
  pointer-events: none;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  max-width: 100%;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)} ${theme.space(2)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.popover};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  pointer-events: auto;
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
