import { useState, type ComponentType } from 'react';
import type { ThemeName } from '../domain/theme.ts';
import { PlainOutlineIconButton } from '../ui/PlainButtons.tsx';
import { ThemeToggleFace } from './ThemeToggleFace.tsx';

export interface ThemeToggleProps {
  theme: ThemeName;
  onToggle(): void;
}

export interface ThemeToggleButtonProps extends ThemeToggleProps {
  /** The toggle with its tooltip (later/ThemeToggle.tsx), once the page's later part has come; null until then. */
  Toggle: ComponentType<ThemeToggleProps> | null;
}

/**
 * The header's theme toggle, working from the first render as a plain button; ThemeToggle is the
 * same toggle with its tooltip (React Aria's button and overlay positioning), in the page's later
 * part. That one takes the button's place once the later part has come, unless the pointer or
 * focus is on the button (then once both have left), so that no press, hover or focus is lost to
 * the swap. Without the later part, the plain button stays.
 */
export function ThemeToggleButton({ theme, onToggle, Toggle }: ThemeToggleButtonProps) {
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  if (Toggle && !focused && !hovered) return <Toggle theme={theme} onToggle={onToggle} />;
  return (
    <PlainOutlineIconButton
      type="button"
      onClick={onToggle}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      <ThemeToggleFace />
    </PlainOutlineIconButton>
  );
}
