import { RouterProvider } from '@tanstack/react-router';
import { Suspense, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { createToastQueue } from '../components/toast-queue.ts';
import { GlobalStyle } from '../theme/GlobalStyle.ts';
import { themes } from '../theme/tokens.ts';
import {
  appBookmarksMachine,
  appCopyLinkMachine,
  appFeedMachine,
  appThemeMachine,
  BookmarksActor,
  CopyLinkActor,
  FeedActor,
  readBookmarksInput,
  readThemeInput,
  ThemeActor,
} from './actors.ts';
import { BrowserBridge } from './BrowserBridge.tsx';
import { DeferredToastRegion } from './deferred-components.tsx';
import { createAppRouter } from './router.tsx';

/** The machines the app runs; tests pass versions with fake effects. */
export interface AppLogic {
  feed: typeof appFeedMachine;
  theme: typeof appThemeMachine;
  bookmarks: typeof appBookmarksMachine;
  copyLink: typeof appCopyLinkMachine;
}

const defaultLogic: AppLogic = { feed: appFeedMachine, theme: appThemeMachine, bookmarks: appBookmarksMachine, copyLink: appCopyLinkMachine };

function Themed({ children }: { children: ReactNode }) {
  const name = ThemeActor.useSelector((snapshot) => snapshot.context.theme);
  return (
    <ThemeProvider theme={themes[name]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

interface AppProps {
  logic?: Partial<AppLogic>;
  router?: ReturnType<typeof createAppRouter>;
}

export function App({ logic, router: givenRouter }: AppProps) {
  const machines = { ...defaultLogic, ...logic };
  const [router] = useState(() => givenRouter ?? createAppRouter());
  const [toasts] = useState(createToastQueue);
  const [themeInput] = useState(readThemeInput);
  const [bookmarksInput] = useState(readBookmarksInput);

  return (
    <ThemeActor.Provider logic={machines.theme} options={{ input: themeInput }}>
      <FeedActor.Provider logic={machines.feed}>
        <BookmarksActor.Provider logic={machines.bookmarks} options={{ input: bookmarksInput }}>
          <CopyLinkActor.Provider logic={machines.copyLink}>
            <Themed>
              <BrowserBridge toasts={toasts} />
              <RouterProvider router={router} />
              <Suspense fallback={null}>
                <DeferredToastRegion.Component queue={toasts} />
              </Suspense>
            </Themed>
          </CopyLinkActor.Provider>
        </BookmarksActor.Provider>
      </FeedActor.Provider>
    </ThemeActor.Provider>
  );
}
