import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { FollowIcon } from '../ui/icons.tsx';

export interface FollowingToggleProps {
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  count?: number;
}

// As the Saved toggle: a plain button with aria-pressed, in the first render.
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

/** "Following", beside "Saved": the Following view (docs/product.md#following-a-story). */
export function FollowingToggle({ isSelected, onChange, count }: FollowingToggleProps) {
  return (
    // Named by its content; the count is hidden from it, so the name is exactly "Following".
    <StyledToggle type="button" aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      <FollowIcon size={18} filled={isSelected} />
      Following
      {count !== undefined && <Count aria-hidden="true">{count}</Count>}
    </StyledToggle>
  );
}
