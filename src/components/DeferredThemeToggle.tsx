import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton } from './IconButton.tsx';
import { MoonIcon, SunIcon } from './icons-more.tsx';
import type { ThemeToggleProps } from './ThemeToggle.tsx';

const load = () => import('./ThemeToggle.tsx');
const ThemeToggle = lazy(() => load().then((m) => ({ default: m.ThemeToggle })));

/**
 * The theme toggle, working from the first render. Its tooltip's code (React Aria's overlay
 * positioning) is not part of the first render: it loads right after, and the toggle with the
 * tooltip takes the button's place then, unless focus is on it (then once focus leaves), so
 * that no focus is lost.
 */
export function DeferredThemeToggle({ theme, onToggle }: ThemeToggleProps) {
  const [loaded, setLoaded] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    let current = true;
    load().then(
      () => current && setLoaded(true),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  const label = theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
  const standIn = (
    <IconButton aria-label={label} variant="outline" onPress={onToggle} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)}>
      {theme === 'light' ? <MoonIcon /> : <SunIcon />}
    </IconButton>
  );
  if (!loaded || focused) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeToggle theme={theme} onToggle={onToggle} />
    </Suspense>
  );
}
