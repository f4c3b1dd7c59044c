import type { ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../theme/mixins.ts';
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
      background: ${({ theme }) => theme.color.surfaceMuted};
      color: ${({ theme }) => theme.color.text};
    }
  }

  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.color.accent};
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

// A plain button with aria-pressed: React Aria's toggle would put its press handling into the first render.
/** A view toggle of the search bar (Saved, Following): its name is its text. */
export const ViewToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(3.5)};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.fast};

  @media (hover: hover) {
    &:hover {
      background: ${({ theme }) => theme.color.surfaceMuted};
    }

    &[aria-pressed='true']:hover {
      background: ${({ theme }) => theme.color.accentHover};
    }
  }

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.color.accent};
    background: ${({ theme }) => theme.color.accent};
    color: ${({ theme }) => theme.color.onAccent};
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

