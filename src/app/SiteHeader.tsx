import { useCallback } from 'react';
import { useThemeActor, useThemeName } from '../appearance/actors.ts';
import { ThemeToggleButton } from '../appearance/ThemeToggleButton.tsx';
import { YourReadingButton } from '../front-page/FrontPageControls.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { later } from './later.ts';
import { PRODUCT_TITLE, TAGLINE } from '../domain/title.ts';

// "Your reading": its dialog on a press.
const YourReading = later.component('YourReading');

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
      actions={
        <>
          <YourReadingButton Dialog={YourReading} />
          <ThemeToggleButton theme={useThemeName()} onToggle={toggleTheme} Toggle={parts?.ThemeToggle ?? null} />
        </>
      }
    />
  );
}
