import { createBrowserHistory, createRootRoute, createRoute, createRouter, Outlet, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { validateHomeSearch } from '../domain/search-params.ts';
import { HomePage } from './HomePage.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { parseSearch, stringifySearch } from '../search/search-serialization.ts';
import { LoadFailedError, onDemand } from '../browser/on-demand.ts';
import { windowWithoutUnloadListener } from '../browser/browser.ts';

// Pages few visitors see load on demand, outside the main bundle. React's lazy, not the router's
// lazy route components: a navigation then never waits on code that may fail to load, and the
// router's own reload for a missing chunk never runs beside the page's (src/browser/on-demand.ts).
const ErrorPage = lazy(() => onDemand(() => import('./ErrorPage.tsx')).then((m) => ({ default: m.ErrorPage })));
const NotFoundPage = lazy(() => onDemand(() => import('./NotFoundPage.tsx')).then((m) => ({ default: m.NotFoundPage })));

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

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
  errorComponent: RouteError,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateHomeSearch,
  component: HomePage,
});

const routeTree = rootRoute.addChildren([homeRoute]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    parseSearch,
    stringifySearch,
    history: history ?? createBrowserHistory({ window: windowWithoutUnloadListener() }),
  });
}

/** Which page the router shows for its current URL: the route's id ('/' or, for any unknown path, the root's). */
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
