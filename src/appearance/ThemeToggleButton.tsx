import { useState } from 'react';
import { PlainOutlineIconButton } from '../ui/PlainButtons.tsx';
import { useLater } from '../ui/later.ts';
import type { ThemeToggleProps } from './ThemeToggle.tsx';
import { ThemeToggleFace } from './ThemeToggleFace.tsx';

/**
 * The header's theme toggle, working from the first render as a plain button; ThemeToggle is the
 * same toggle with its tooltip (React Aria's button and overlay positioning), in the page's later
 * part. That one takes the button's place once the later part has come, unless the pointer or
 * focus is on the button (then once both have left), so that no press, hover or focus is lost to
 * the swap. Without the later part, the plain button stays.
 */
export function ThemeToggleButton({ theme, onToggle }: ThemeToggleProps) {
  const later = useLater();
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  if (later.status === 'loaded' && !focused && !hovered) return <later.parts.ThemeToggle theme={theme} onToggle={onToggle} />;
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
