import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled, { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { buttonBase, buttonVariants, type ButtonVariant } from './PlainButtons.tsx';

export type { ButtonVariant };

export interface ButtonProps extends RACButtonProps {
  /** @default 'secondary' */
  variant?: ButtonVariant;
}

const variants = buttonVariants(
  (rules) => css`
    &[data-hovered] {
      ${rules}
    }
  `,
);

const StyledButton = styled(RACButton)<{ $variant: ButtonVariant }>`
  ${buttonBase}
  ${({ $variant }) => variants[$variant]}

  &[data-pressed] {
    transform: scale(0.97);
  }

  &[data-focus-visible] {
    ${focusRing}
  }

  &[data-disabled] {
    cursor: default;
    opacity: 0.55;
  }

  &[data-pending] {
    cursor: progress;
  }
`;

export function Button({ variant = 'secondary', ...props }: ButtonProps) {
  return <StyledButton {...props} $variant={variant} />;
}
