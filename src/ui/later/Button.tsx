import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { buttonBase, buttonVariants, type ButtonVariant } from '../button-styles.ts';

export interface ButtonProps extends RACButtonProps {
  /** @default 'secondary' */
  variant?: ButtonVariant;
}

// One static component per variant, as PlainButton has.
const buttons = {
  primary: styled(RACButton)`
    ${buttonBase}
    ${buttonVariants.primary}
  `,
  secondary: styled(RACButton)`
    ${buttonBase}
    ${buttonVariants.secondary}
  `,
  quiet: styled(RACButton)`
    ${buttonBase}
    ${buttonVariants.quiet}
  `,
};

export function Button({ variant = 'secondary', ...props }: ButtonProps) {
  const StyledButton = buttons[variant];
  return <StyledButton {...props} />;
}
