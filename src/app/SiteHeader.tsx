import { useCallback } from 'react';
import { useThemeActor, useThemeName } from '../appearance/actors.ts';
import { ThemeToggleButton } from '../appearance/ThemeToggleButton.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { later } from './later.ts';
import { PRODUCT_TITLE, TAGLINE } from '../domain/title.ts';

/** The site's header on every page: its name (the heading, unless the page has its own) and the theme toggle. */
export function SiteHeader({ titleIs = 'h1' }: { titleIs?: 'h1' | 'p' }) {
  const theme = useThemeActor();
  const toggleTheme = useCallback(() => theme.send({ type: 'theme.toggle' }), [theme]);
  const parts = later.useParts();
  return (
    <PageHeader
      title={PRODUCT_TITLE}
      tagline={TAGLINE}
      titleIs={titleIs}
      actions={<ThemeToggleButton theme={useThemeName()} onToggle={toggleTheme} Toggle={parts?.ThemeToggle ?? null} />}
    />
  );
}
