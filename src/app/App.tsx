import { RouterProvider } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useDocumentTheme } from '../appearance/useDocumentTheme.ts';
import { onDemand } from '../browser/on-demand.ts';
import { tellBoot } from '../browser/takeover.ts';
import { ServiceWorkerUpdates } from '../offline/ServiceWorkerUpdates.tsx';
import { recordVisit } from '../reader/lastVisit.ts';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { theme } from '../theme/tokens.ts';
import { OutcomeToasts } from '../toasts/OutcomeToasts.tsx';
import { SystemProvider } from '../system/page-system.ts';
import { loadLaterUnasked, provideLater } from '../ui/later.ts';
import type { Inspect } from './inspector.ts';
import { LoadBoundary } from './LoadFailure.tsx';
import { type AppLogic, appPageMachine, defaultLogic, readPageInput } from './page-actors.ts';
import { createAppRouter } from './router.tsx';

export type { AppLogic };

// Everything beyond the first render, in one module (src/ui/later.ts), healed like any part loaded later.
provideLater(() => onDemand(() => import('./later.ts')).then((module) => module.parts));

/** Any page, and a home page whose stories are still on their way, has its later part by then. */
const LATER_AT_THE_LATEST_MS = 2000;


function Themed({ children }: { children: ReactNode }) {
  useDocumentTheme();
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
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
 * The page's actors as one system (machines/page.ts), the theme, the routes and the toasts. The
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
    // The rest of the page, fetched while this version is on the host: once the first screen is complete (HomeResults:
    // the first stories and their lead image, which it would hold back), and at the latest this long after the first render.
    const latest = setTimeout(loadLaterUnasked, LATER_AT_THE_LATEST_MS);
    return () => clearTimeout(latest);
  }, []);
  const loaded = usePageLoaded();

  return (
    <SystemProvider page={live}>
      <Themed>
        <LoadBoundary>
          <RouterProvider router={router} />
          {/* Production only: the dev server has no worker. */}
          {import.meta.env.PROD && loaded && <ServiceWorkerUpdates />}
          <OutcomeToasts />
        </LoadBoundary>
      </Themed>
    </SystemProvider>
  );
}
