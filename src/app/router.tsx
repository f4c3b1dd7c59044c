import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router';
import { validateHomeSearch } from '../domain/search-params.ts';
import { HomePage } from './HomePage.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { parseSearch, stringifySearch } from '../search/search-serialization.ts';

const ErrorPage = lazyRouteComponent(() => import('./ErrorPage.tsx'), 'ErrorPage');

/** How browsers word a module that could not be fetched (Chromium, Firefox, Safari). */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed/i;

/** A part of the page that failed to load is no application error: the visitor can reload (LoadFailure). */
function RouteError(props: ErrorComponentProps) {
  return props.error instanceof Error && CHUNK_FAILED.test(props.error.message) ? <LoadFailure /> : <ErrorPage {...props} />;
}

const rootRoute = createRootRoute({
  component: Outlet,
  // Pages few visitors see load on demand, outside the main bundle.
  notFoundComponent: lazyRouteComponent(() => import('./NotFoundPage.tsx'), 'NotFoundPage'),
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
    ...(history ? { history } : {}),
  });
}

/** Which page the router shows for its current URL: the route's id ('/' or, for any unknown path, the root's). */
export function pageOf(router: ReturnType<typeof createAppRouter>): string {
  return router.matchRoutes(router.latestLocation).at(-1)?.routeId ?? '';
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
