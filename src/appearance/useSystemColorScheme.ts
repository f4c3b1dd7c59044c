import { useEffect } from 'react';
import { ThemeActor } from './actors.ts';
import { prefersDarkQuery } from '../browser/browser.ts';

/** The system's light/dark preference, followed while the visitor has chosen no theme (docs/product.md#theme). */
export function useSystemColorScheme() {
  const theme = ThemeActor.useActorRef();
  useEffect(() => {
    const query = prefersDarkQuery();
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => theme.send({ type: 'theme.system.changed', prefersDark: event.matches });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);
}
