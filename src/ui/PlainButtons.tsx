/**
 * Plain `<button>`s for the first render: React Aria's press handling would put its code into
 * the first render, and every card has two of them. Their looks are shared with the React Aria
 * buttons of the page's later part (Button.tsx, IconButton.tsx), which style the same states
 * through React Aria's data attributes instead of pseudo-classes.
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

type Rules = ReturnType<typeof css>;

/** The text button's colours; `hovered` wraps the rules of its hovered state. */
export const buttonVariants = (hovered: (rules: Rules) => Rules) => ({
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
});

/** The text button's shape. */
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
`;

/** A 40 × 40 px icon-only control's shape. */
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
`;

// Hover only where a pointer hovers: a tap leaves no hovered look behind.
const plainVariants = buttonVariants(
  (rules) => css`
    @media (hover: hover) {
      &:hover:not(:disabled, [aria-disabled='true']) {
        ${rules}
      }
    }
  `,
);

const plainButtonBase = css`
  ${buttonBase}

  &:active:not(:disabled, [aria-disabled='true']) {
    transform: scale(0.97);
  }

  &:focus-visible {
    ${focusRing}
  }

  &:disabled {
    cursor: default;
    opacity: 0.55;
  }
`;

// One static component per variant: a function in the template would rebuild the CSS at every render.
const plainButtons = {
  primary: styled.button`
    ${plainButtonBase}
    ${plainVariants.primary}
  `,
  secondary: styled.button`
    ${plainButtonBase}
    ${plainVariants.secondary}
  `,
  quiet: styled.button`
    ${plainButtonBase}
    ${plainVariants.quiet}
  `,
};

export type PlainButtonProps = Omit<ComponentPropsWithRef<'button'>, 'type'> & {
  /** @default 'secondary' */
  variant?: ButtonVariant;
};

/** A text button of the first render: looks as Button does. */
export function PlainButton({ variant = 'secondary', ...props }: PlainButtonProps) {
  const StyledPlainButton = plainButtons[variant];
  return <StyledPlainButton type="button" {...props} />;
}

/** A 40 × 40 px icon-only plain `<button>`: the card's bookmark toggle and its share button. */
export const PlainIconButton = styled.button`
  ${iconButtonBase}
  border: 0;

  &:focus-visible {
    ${focusRing}
  }

  @media (hover: hover) {
    &:hover {
      background: ${theme.color.surfaceMuted};
      color: ${theme.color.text};
    }
  }

  &[aria-pressed='true'] {
    color: ${theme.color.accent};
  }

  &:active svg {
    transform: scale(0.9);
  }
`;

/** The outlined icon button of the header (the theme toggle), plain. */
export const PlainOutlineIconButton = styled(PlainIconButton)`
  border: 1px solid ${theme.color.borderStrong};
`;

export interface IconToggleButtonProps {
  /** Icon-only toggles must be named. */
  'aria-label': string;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  children: ReactNode;
}

export function IconToggleButton({ isSelected, onChange, children, ...props }: IconToggleButtonProps) {
  return (
    <PlainIconButton type="button" aria-label={props['aria-label']} aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      {children}
    </PlainIconButton>
  );
}

// A plain button with aria-pressed: React Aria's toggle would put its press handling into the first render.
/** A view toggle of the search bar (Saved, Following): its name is its text. */
export const ViewToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 40px;
  padding: 0 ${theme.space(3.5)};
  border: 1px solid ${theme.color.borderStrong};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  transition: background-color ${theme.motion.fast};

  @media (hover: hover) {
    &:hover {
      background: ${theme.color.surfaceMuted};
    }

    &[aria-pressed='true']:hover {
      background: ${theme.color.accentHover};
    }
  }

  &[aria-pressed='true'] {
    border-color: ${theme.color.accent};
    background: ${theme.color.accent};
    color: ${theme.color.onAccent};
  }

  &:focus-visible {
    ${focusRing}
  }
`;

/** The number beside a view toggle's name, hidden from it. */
export const ViewCount = styled.span`
  font-variant-numeric: tabular-nums;
  opacity: 0.85;
`;
