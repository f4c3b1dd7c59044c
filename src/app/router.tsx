import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, type RouterHistory } from '@tanstack/react-router';
import { validateHomeSearch } from '../domain/search-params.ts';
import { HomePage } from './HomePage.tsx';
import { parseSearch, stringifySearch } from './search-serialization.ts';

const rootRoute = createRootRoute({
  component: Outlet,
  // Pages few visitors see load on demand, outside the main bundle.
  notFoundComponent: lazyRouteComponent(() => import('./NotFoundPage.tsx'), 'NotFoundPage'),
  errorComponent: lazyRouteComponent(() => import('./ErrorPage.tsx'), 'ErrorPage'),
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

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
