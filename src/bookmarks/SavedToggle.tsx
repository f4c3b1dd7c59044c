import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { BookmarkIcon } from '../ui/icons.tsx';

export interface SavedToggleProps {
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  count?: number;
}

// A plain button with aria-pressed: React Aria's toggle would put its press handling into the first render.
const StyledToggle = styled.button`
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

  @media (hover: hover) {
    &:hover {
      background: ${({ theme }) => theme.color.surfaceMuted};
    }

    &[aria-pressed='true']:hover {
      background: ${({ theme }) => theme.color.accentHover};
    }
  }

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.color.accent};
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
  }

  &:focus-visible {
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
    <StyledToggle type="button" aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      <BookmarkIcon size={18} filled={isSelected} />
      Saved
      {count !== undefined && <Count aria-hidden="true">{count}</Count>}
    </StyledToggle>
  );
}
