import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled, { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

export interface ButtonProps extends RACButtonProps {
  /** @default 'secondary' */
  variant?: ButtonVariant;
}

const variants = {
  primary: css`
    background: ${({ theme }) => theme.color.accent};
    border-color: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};

    &[data-hovered] {
      background: ${({ theme }) => theme.color.accentHover};
      border-color: ${({ theme }) => theme.color.accentHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.color.surface};
    border-color: ${({ theme }) => theme.color.borderStrong};
    color: ${({ theme }) => theme.color.text};

    &[data-hovered] {
      background: ${({ theme }) => theme.color.surfaceMuted};
    }
  `,
  quiet: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.color.text};

    &[data-hovered] {
      background: ${({ theme }) => theme.color.surfaceMuted};
    }
  `,
};

const StyledButton = styled(RACButton)<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.motion.fast},
    transform ${({ theme }) => theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

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
