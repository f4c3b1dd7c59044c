import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { iconButtonBase } from './PlainButtons.tsx';

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

  &[data-focus-visible] {
    ${focusRing}
  }

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
