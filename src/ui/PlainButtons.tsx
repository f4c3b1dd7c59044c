/**
 * Plain `<button>`s for the first render: React Aria's press handling would put its code into
 * the first render, and every card has two of them. They look as the React Aria buttons of the
 * later part do: both take their styles from button-styles.ts.
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { buttonBase, buttonVariants, iconButtonBase, outlined, type ButtonVariant } from './button-styles.ts';

// One static component per variant: a function in the template would rebuild the CSS at every render.
const plainButtons = {
  primary: styled.button`
    ${buttonBase}
    ${buttonVariants.primary}
  `,
  secondary: styled.button`
    ${buttonBase}
    ${buttonVariants.secondary}
  `,
  quiet: styled.button`
    ${buttonBase}
    ${buttonVariants.quiet}
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

/** A 40 × 40 px icon-only plain `<button>`: the card's toggles and its share button. */
export const PlainIconButton = styled.button`
  ${iconButtonBase}
`;

/** The outlined icon button of the header (the theme toggle), plain. */
export const PlainOutlineIconButton = styled.button`
  ${iconButtonBase}
  ${outlined}
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
