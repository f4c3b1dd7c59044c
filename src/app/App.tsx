import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { appThemeMachine, readThemeInput, ThemeActor } from '../appearance/actors.ts';
import { useDocumentTheme } from '../appearance/useDocumentTheme.ts';
import { useSystemColorScheme } from '../appearance/useSystemColorScheme.ts';
import { appBookmarksMachine, BookmarksActor, readBookmarksInput } from '../bookmarks/actors.ts';
import { useSavedRefresh } from '../bookmarks/useSavedRefresh.ts';
import { onDemand } from '../browser/on-demand.ts';
import { appFeedMachine, appOlderStoriesMachine, FeedActor, OlderStoriesActor, readFeedInput } from '../feed/actors.ts';
import { useOlderFirstPage } from '../feed/useOlderFirstPage.ts';
import { useRefetchOnReturn } from '../feed/useRefetchOnReturn.ts';
import { appCopyLinkMachine, CopyLinkActor } from '../reader/actors.ts';
import { appArchiveSearchMachine, appSearchMachine, ArchiveSearchActor, readSearchInput, SearchActor } from '../search/actors.ts';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { useFrame } from '../ui/frame.ts';
import { theme } from '../theme/tokens.ts';
import { TOASTS, type ToastName } from '../toasts/messages.ts';
import type { AppToast } from '../toasts/toast-queue.ts';
import { useOutcomeToasts } from '../toasts/useOutcomeToasts.ts';
import type { Inspect } from './inspector.ts';
import { LoadBoundary } from './LoadFailure.tsx';
import { createAppRouter } from './router.tsx';
import { useStorageFromOtherTabs } from './useStorageFromOtherTabs.ts';
import { markTakeover } from '../browser/takeover.ts';

// Mounted with the first toast: its code (React Aria's toast queue and region) loads then.
const RaisedToasts = lazy(() => onDemand(() => import('../toasts/Toasts.tsx')).then((m) => ({ default: m.RaisedToasts })));
// The service worker and the new-version notice, once the page has loaded (docs/deploy.md#offline-and-updates).
const ServiceWorkerUpdates = lazy(() => onDemand(() => import('../offline/ServiceWorkerUpdates.tsx')).then((m) => ({ default: m.ServiceWorkerUpdates })));

/** The machines the app runs; tests pass versions with fake effects. */
export interface AppLogic {
  feed: typeof appFeedMachine;
  theme: typeof appThemeMachine;
  bookmarks: typeof appBookmarksMachine;
  copyLink: typeof appCopyLinkMachine;
  older: typeof appOlderStoriesMachine;
  archive: typeof appArchiveSearchMachine;
}

const defaultLogic: AppLogic = { feed: appFeedMachine, theme: appThemeMachine, bookmarks: appBookmarksMachine, copyLink: appCopyLinkMachine, older: appOlderStoriesMachine, archive: appArchiveSearchMachine };

function Themed({ children }: { children: ReactNode }) {
  const name = ThemeActor.useSelector((snapshot) => snapshot.context.theme);
  // Not the frame's: theme-boot has put the stored theme on the document already.
  useDocumentTheme(useFrame() ? null : name);
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

/** Browser events in, machine outcomes out; renders nothing. */
function BrowserConnections({ toasts }: { toasts: { add(name: ToastName): unknown } }) {
  useRefetchOnReturn();
  useStorageFromOtherTabs();
  useSavedRefresh();
  useOlderFirstPage();
  useSystemColorScheme();
  useOutcomeToasts(toasts);
  return null;
}

interface AppProps {
  logic?: Partial<AppLogic>;
  router?: ReturnType<typeof createAppRouter>;
  /** The Stately inspector, in development (inspector.ts). */
  inspect?: Inspect;
}

export function App({ logic, router: givenRouter, inspect }: AppProps) {
  const machines = { ...defaultLogic, ...logic };
  const [router] = useState(() => givenRouter ?? createAppRouter());
  const [raised, setRaised] = useState<readonly AppToast[]>([]);
  const [toasts] = useState(() => ({ add: (name: ToastName) => setRaised((list) => [...list, TOASTS[name]]) }));
  const [themeInput] = useState(readThemeInput);
  const [bookmarksInput] = useState(readBookmarksInput);
  const [feedInput] = useState(readFeedInput);
  const [search] = useState(() => ({ logic: appSearchMachine(router), input: readSearchInput(router) }));
  // The first render is on screen: index.html's load-failure notice stays hidden, and theme-boot replays the presses made before.
  useEffect(() => markTakeover('ready'), []);
  const loaded = usePageLoaded();

  return (
    <ThemeActor.Provider logic={machines.theme} options={{ input: themeInput, inspect }}>
      <FeedActor.Provider logic={machines.feed} options={{ input: feedInput, inspect }}>
        <BookmarksActor.Provider logic={machines.bookmarks} options={{ input: bookmarksInput, inspect }}>
          <CopyLinkActor.Provider logic={machines.copyLink} options={{ inspect }}>
            <SearchActor.Provider logic={search.logic} options={{ input: search.input, inspect }}>
              <OlderStoriesActor.Provider logic={machines.older} options={{ input: { next: null }, inspect }}>
                <ArchiveSearchActor.Provider logic={machines.archive} options={{ inspect }}>
                  <Themed>
                    <LoadBoundary>
                      <BrowserConnections toasts={toasts} />
                      <RouterProvider router={router} />
                      {/* Production only: the dev server has no worker. */}
                      {import.meta.env.PROD && loaded && (
                        <Suspense fallback={null}>
                          <ServiceWorkerUpdates />
                        </Suspense>
                      )}
                      {raised.length > 0 && (
                        <Suspense fallback={null}>
                          <RaisedToasts raised={raised} />
                        </Suspense>
                      )}
                    </LoadBoundary>
                  </Themed>
                </ArchiveSearchActor.Provider>
              </OlderStoriesActor.Provider>
            </SearchActor.Provider>
          </CopyLinkActor.Provider>
        </BookmarksActor.Provider>
      </FeedActor.Provider>
    </ThemeActor.Provider>
  );
}
