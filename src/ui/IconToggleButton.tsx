import type { ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';
import { iconButtonBase } from './IconButton.tsx';

export interface IconToggleButtonProps {
  /** Icon-only toggles must be named. */
  'aria-label': string;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  children: ReactNode;
}

// Plain buttons: every card has two, and React Aria's press handling would cost each card a render.
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

export function IconToggleButton({ isSelected, onChange, children, ...props }: IconToggleButtonProps) {
  return (
    <PlainIconButton type="button" aria-label={props['aria-label']} aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      {children}
    </PlainIconButton>
  );
}
