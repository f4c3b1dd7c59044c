import { RouterProvider } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useDocumentTheme } from '../appearance/useDocumentTheme.ts';
import { tellBoot } from '../browser/takeover.ts';
import { recordVisit } from '../reader/lastVisit.ts';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { OutcomeToasts } from '../toasts/OutcomeToasts.tsx';
import { SystemProvider } from '../system/page-system.ts';
import { later } from './later.ts';
import { FloatingNotices } from './FloatingNotices.tsx';
import type { Inspect } from './inspector.ts';
import { LoadBoundary } from './LoadFailure.tsx';
import { type AppLogic, appPageMachine, defaultLogic, readPageInput } from './page-actors.ts';
import { createAppRouter } from './router.tsx';

export type { AppLogic };

// Mounted with the first toast: React Aria's toast queue and region are in the later part.
const RaisedToasts = later.component('RaisedToasts');


// The theme is custom properties (src/theme/tokens.ts): the document's `data-theme` picks the palette, and no component reads a provider.
function Themed({ children }: { children: ReactNode }) {
  useDocumentTheme();
  return (
    <>
      <GlobalStyle />
      {children}
    </>
  );
}

/** Whether the window's `load` event has passed (false in the first render, on the server too). */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onLoad = () => setLoaded(true);
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}

interface AppProps {
  logic?: Partial<AppLogic>;
  router?: ReturnType<typeof createAppRouter>;
  /** The Stately inspector, in development (inspector.ts). */
  inspect?: Inspect;
}

/**
 * The page's actors as one system (machines/page.ts), the theme, the routes, the floating notices and the toasts. The
 * system's first render draws the frame (its machines start with nothing stored); it starts right
 * after, and tells its machines what this visitor's browser keeps.
 */
export function App({ logic, router: givenRouter, inspect }: AppProps) {
  const [router] = useState(() => givenRouter ?? createAppRouter());
  const [page] = useState(() => ({ logic: appPageMachine(router, { ...defaultLogic, ...logic }), input: readPageInput() }));
  const live = useActorRef(page.logic, { input: page.input, inspect });
  // The first render is on screen: index.html's load-failure notice stays hidden, and this visit is the one the next compares with.
  useEffect(() => {
    tellBoot('app.shown');
    recordVisit(new Date());
    // The rest of the page, fetched while this version is on the host (src/app/later.ts).
    return later.startDeadline();
  }, []);
  const loaded = usePageLoaded();
  const laterCame = later.useParts() !== null;

  return (
    <SystemProvider page={live}>
      <Themed>
        <LoadBoundary>
          <RouterProvider router={router} />
          <FloatingNotices router={router} loaded={loaded} laterCame={laterCame} />
          <OutcomeToasts Raised={RaisedToasts} />
        </LoadBoundary>
      </Themed>
    </SystemProvider>
  );
}
