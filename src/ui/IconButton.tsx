import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';
import { iconButtonBase } from './PlainButtons.tsx';

export interface IconButtonProps extends RACButtonProps {
  /** Icon-only buttons must be named: here, or by visually hidden text among the children. */
  'aria-label'?: string;
  /** @default 'quiet' */
  variant?: 'quiet' | 'outline';
}

const QuietIconButton = styled(RACButton)`
  ${iconButtonBase}
  border: 1px solid transparent;

  &[data-focus-visible] {
    ${focusRing}
  }

  &[data-hovered],
  &[data-pressed] {
    background: ${theme.color.surfaceMuted};
    color: ${theme.color.text};
  }

  &[data-disabled] {
    cursor: default;
    opacity: 0.55;
  }
`;

const OutlineIconButton = styled(QuietIconButton)`
  border-color: ${theme.color.borderStrong};
`;

export function IconButton({ variant = 'quiet', ...props }: IconButtonProps) {
  return variant === 'outline' ? <OutlineIconButton {...props} /> : <QuietIconButton {...props} />;
}
