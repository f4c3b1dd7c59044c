import { createBrowserHistory, createRootRoute, createRoute, createRouter, Outlet, useRouterState, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router';
import { Activity, lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { validateHomeSearch } from '../domain/search-params.ts';
import { HomePage } from './HomePage.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { parseSearch, stringifySearch } from '../search/search-serialization.ts';
import { LoadFailedError, onDemand } from '../browser/on-demand.ts';
import { windowWithoutUnloadListener } from '../browser/browser.ts';
import { StoryLoading } from '../coverage/StoryLoading.tsx';
import { Layout } from '../ui/Layout.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { SiteHeader } from './SiteHeader.tsx';

// Pages few visitors see load on demand, outside the main bundle. React's lazy, not the router's
// lazy route components: a navigation then never waits on code that may fail to load, and the
// router's own reload for a missing chunk never runs beside the page's (src/browser/on-demand.ts).
const ErrorPage = lazy(() => onDemand(() => import('./ErrorPage.tsx')).then((m) => ({ default: m.ErrorPage })));
const NotFoundPage = lazy(() => onDemand(() => import('./NotFoundPage.tsx')).then((m) => ({ default: m.NotFoundPage })));
// A story's page: its code comes on its route only, so the home page's first render carries none of it.
const CoveragePage = lazy(() => onDemand(() => import('./CoveragePage.tsx')).then((m) => ({ default: m.CoveragePage })));

/** A part of the page that failed to load is no application error: the visitor can reload (LoadFailure). */
function RouteError(props: ErrorComponentProps) {
  return props.error instanceof LoadFailedError ? (
    <LoadFailure />
  ) : (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}

/**
 * Where the home page was scrolled to when another page took its place: Back to the same URL finds
 * it there. The home page stays drawn meanwhile, hidden (React's Activity: its effects, the reading
 * keys among them, are off), so the list is exactly as it was left, all its cards drawn.
 */
function useHomeScroll(onHome: boolean) {
  const left = useRef<{ y: number; search: string } | null>(null);
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  useLayoutEffect(() => {
    if (!onHome) return;
    if (left.current?.search === searchStr) window.scrollTo(0, left.current.y);
    left.current = null;
    return () => {
      left.current = { y: window.scrollY, search: searchStr };
      window.scrollTo(0, 0);
    };
  }, [onHome, searchStr]);
}

/** The pages: the home page once it has shown, kept while another shows, and the route's own. */
function Pages() {
  const onHome = useRouterState({ select: (state) => state.matches.some((match) => match.routeId === '/') });
  const [homeShown, setHomeShown] = useState(onHome);
  if (onHome && !homeShown) setHomeShown(true);
  useHomeScroll(onHome);
  return (
    <>
      {homeShown && (
        <Activity mode={onHome ? 'visible' : 'hidden'}>
          <HomePage />
        </Activity>
      )}
      <Outlet />
    </>
  );
}

/** `/story/$id`: the site's header at once, the page when its code has come. */
function StoryRoute() {
  return (
    <>
      <SkipLink target="story">Skip to the story</SkipLink>
      <SiteHeader titleIs="p" />
      <Suspense
        fallback={
          <Layout as="main" id="story">
            <StoryLoading />
          </Layout>
        }
      >
        <CoveragePage />
      </Suspense>
    </>
  );
}

const rootRoute = createRootRoute({
  component: Pages,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
  errorComponent: RouteError,
});

// The home page is drawn by Pages, above, so that it stays while a story's page shows.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateHomeSearch,
  component: () => null,
});

const storyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/story/$id',
  component: StoryRoute,
});

const routeTree = rootRoute.addChildren([homeRoute, storyRoute]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    history: history ?? createBrowserHistory({ window: windowWithoutUnloadListener() }),
  });
}

/** Which page the router shows for its current URL: the route's id ('/', '/story/$id' or, for any unknown path, the root's). */
export function pageOf(router: ReturnType<typeof createAppRouter>): string {
  return router.matchRoutes(router.latestLocation).at(-1)?.routeId ?? '';
}

/** Whether the URL asks the home page for a filter: the HTML's frame shows none. */
export function hasFilters(router: ReturnType<typeof createAppRouter>): boolean {
  return Object.keys(validateHomeSearch(router.latestLocation.search)).length > 0;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** The entry was written by the page machine (src/app/page-actors.ts). */
    byPage?: boolean;
  }
}
