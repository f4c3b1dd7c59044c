/**
 * A button's looks, written once for the plain `<button>`s of the first render (PlainButtons.tsx)
 * and the React Aria buttons of the later part (later/Button.tsx, later/IconButton.tsx): each state
 * matches the native pseudo-class and React Aria's data attribute alike, so that both buttons look
 * the same in every state, whichever reports it.
 */
import { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

// Hover only where a pointer hovers: a tap leaves no hovered look behind.
const hovered = (rules: ReturnType<typeof css>) => css`
  @media (hover: hover) {
    &:is(:hover, [data-hovered]):not(:disabled, [data-disabled], [aria-disabled='true']) {
      ${rules}
    }
  }
`;

const states = css`
  &:is(:focus-visible, [data-focus-visible]) {
    ${focusRing}
  }

  &:is(:disabled, [data-disabled]) {
    cursor: default;
    opacity: 0.55;
  }
`;

/** The text button: its shape and states. */
export const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(2)};
  min-height: 40px;
  padding: 0 ${theme.space(4)};
  border: 1px solid transparent;
  border-radius: ${theme.radius.md};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color ${theme.motion.fast},
    transform ${theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  &:is(:active, [data-pressed]):not(:disabled, [data-disabled], [aria-disabled='true']) {
    transform: scale(0.97);
  }

  &[data-pending] {
    cursor: progress;
  }

  ${states}
`;

/** The text button's colours. */
export const buttonVariants = {
  primary: css`
    background: ${theme.color.accent};
    border-color: ${theme.color.accent};
    color: ${theme.color.onAccent};

    ${hovered(css`
      background: ${theme.color.accentHover};
      border-color: ${theme.color.accentHover};
    `)}
  `,
  secondary: css`
    background: ${theme.color.surface};
    border-color: ${theme.color.borderStrong};
    color: ${theme.color.text};

    ${hovered(css`
      background: ${theme.color.surfaceMuted};
    `)}
  `,
  quiet: css`
    background: transparent;
    border-color: transparent;
    color: ${theme.color.text};

    ${hovered(css`
      background: ${theme.color.surfaceMuted};
    `)}
  `,
};

/** A 40 × 40 px icon-only control: its shape and states; `aria-pressed` marks a toggle that is on. */
export const iconButtonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.color.textMuted};
  cursor: pointer;
  transition:
    background-color ${theme.motion.fast},
    color ${theme.motion.fast};
  -webkit-tap-highlight-color: transparent;

  ${hovered(css`
    background: ${theme.color.surfaceMuted};
    color: ${theme.color.text};
  `)}

  &[aria-pressed='true'] {
    color: ${theme.color.accent};
  }

  &:is(:active, [data-pressed]) svg {
    transform: scale(0.9);
  }

  ${states}
`;

/** The outlined icon button of the header (the theme toggle). */
export const outlined = css`
  border-color: ${theme.color.borderStrong};
`;
