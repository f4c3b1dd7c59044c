import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { iconButtonBase } from './iconButtonBase.ts';

export interface IconButtonProps extends RACButtonProps {
  /** Icon-only buttons must be named. */
  'aria-label': string;
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
