import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import styled, { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';

/** A 40 × 40 px icon-only control: the shared base of IconButton and IconToggleButton. */
export const iconButtonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.color.textMuted};
  cursor: pointer;
  transition:
    background-color ${theme.motion.fast},
    color ${theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  &[data-focus-visible] {
    ${focusRing}
  }
`;

export interface IconButtonProps extends RACButtonProps {
  /** Icon-only buttons must be named. */
  'aria-label': string;
  /** @default 'quiet' */
  variant?: 'quiet' | 'outline';
}

const QuietIconButton = styled(RACButton)`
  ${iconButtonBase}
  border: 1px solid transparent;

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
