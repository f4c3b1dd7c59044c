import { ToggleButton } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { BookmarkIcon } from './icons.tsx';

export interface SavedToggleProps {
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  count?: number;
}

const StyledToggle = styled(ToggleButton)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3.5)};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.fast};

  &[data-hovered] {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }

  &[data-selected] {
    border-color: ${({ theme }) => theme.color.accent};
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
  }

  &[data-selected][data-hovered] {
    background: ${({ theme }) => theme.color.accentHover};
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

const Count = styled.span`
  font-variant-numeric: tabular-nums;
  opacity: 0.85;
`;

export function SavedToggle({ isSelected, onChange, count }: SavedToggleProps) {
  return (
    // Named by its content; the count is hidden from it, so the name is exactly "Saved" (docs/product.md#accessible-names).
    <StyledToggle isSelected={isSelected} onChange={onChange}>
      <BookmarkIcon size={18} filled={isSelected} />
      Saved
      {count !== undefined && <Count aria-hidden="true">{count}</Count>}
    </StyledToggle>
  );
}
