import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled, { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';

/** A 40 × 40 px icon-only control: the shared base of IconButton and IconToggleButton. */
export const iconButtonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    color ${({ theme }) => theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  &[data-focus-visible] {
    ${focusRing}
  }
`;

export interface IconButtonProps extends RACButtonProps {
  /** Icon-only buttons must be named: here, or by visually hidden text among the children. */
  'aria-label'?: string;
  /** @default 'quiet' */
  variant?: 'quiet' | 'outline';
}

const StyledIconButton = styled(RACButton)<{ $variant: 'quiet' | 'outline' }>`
  ${iconButtonBase}
  border: 1px solid
    ${({ theme, $variant }) => ($variant === 'outline' ? theme.color.borderStrong : 'transparent')};

  &[data-hovered],
  &[data-pressed] {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.text};
  }

  &[data-disabled] {
    cursor: default;
    opacity: 0.55;
  }
`;

export function IconButton({ variant = 'quiet', ...props }: IconButtonProps) {
  return <StyledIconButton {...props} $variant={variant} />;
}
