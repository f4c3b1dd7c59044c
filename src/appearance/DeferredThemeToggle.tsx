import { useEffect, useState } from 'react';
import { IconButton } from '../ui/IconButton.tsx';
import type { ThemeToggleProps } from './ThemeToggle.tsx';
import { MoonIcon, SunIcon } from '../ui/icons.tsx';
import { onDemand } from '../browser/on-demand.ts';

type ThemeToggleModule = typeof import('./ThemeToggle.tsx');

/**
 * The theme toggle, working from the first render. Its tooltip's code (React Aria's overlay
 * positioning) is not part of the first render: it loads right after, and the toggle with the
 * tooltip takes the button's place then, unless the pointer or focus is on it (then once both
 * have left), so that no press, hover or focus is lost to the swap.
 */
export function DeferredThemeToggle({ theme, onToggle }: ThemeToggleProps) {
  const [module, setModule] = useState<ThemeToggleModule | null>(null);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    let current = true;
    onDemand(() => import('./ThemeToggle.tsx')).then(
      (loadedModule) => current && setModule(loadedModule),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  if (module && !focused && !hovered) return <module.ThemeToggle theme={theme} onToggle={onToggle} />;
  const label = theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
  return (
    <IconButton
      aria-label={label}
      variant="outline"
      onPress={onToggle}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onHoverStart={() => setHovered(true)}
      onHoverEnd={() => setHovered(false)}
    >
      {theme === 'light' ? <MoonIcon /> : <SunIcon />}
    </IconButton>
  );
}
