import type { ComponentType } from 'react';
import styled from 'styled-components';
import { controlBox, focusRing } from '../theme/mixins.ts';
import { theme } from '../theme/tokens.ts';
import type { IconProps } from './icons.tsx';

// A plain button with aria-pressed: React Aria's toggle would put its press handling into the first render.
const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  ${controlBox}
  padding: 0 ${theme.space(3.5)};
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

const Count = styled.span`
  font-variant-numeric: tabular-nums;
  opacity: 0.85;
`;

export interface ViewToggleProps {
  /** The toggle's whole name: "Saved", "Following" (docs/product.md#accessible-names). */
  label: string;
  Icon: ComponentType<IconProps & { filled?: boolean }>;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  /** How many stories the view holds: shown, hidden from the name. */
  count?: number;
}

/** A view of the search bar (Saved, Following): a toggle named by its label, its icon filled while it is on. */
export function ViewToggle({ label, Icon, isSelected, onChange, count }: ViewToggleProps) {
  return (
    <Toggle type="button" aria-pressed={isSelected} onClick={() => onChange(!isSelected)}>
      <Icon size={18} filled={isSelected} />
      {label}
      {count !== undefined && <Count aria-hidden="true">{count}</Count>}
    </Toggle>
  );
}

export interface ViewButtonProps {
  /** The button's whole name: "Alerts" (docs/product.md#accessible-names). */
  label: string;
  Icon: ComponentType<IconProps>;
  onPress(): void;
  /** How many things it holds: shown, hidden from the name. */
  count?: number;
}

/** A button of the search bar beside the views that opens a dialog (Alerts): styled as the views' toggles. */
export function ViewButton({ label, Icon, onPress, count }: ViewButtonProps) {
  return (
    <Toggle type="button" aria-haspopup="dialog" onClick={onPress}>
      <Icon size={18} />
      {label}
      {count !== undefined && <Count aria-hidden="true">{count}</Count>}
    </Toggle>
  );
}
