import { createBrowserHistory, createRootRoute, createRoute, createRouter, Outlet, useRouterState, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router';
import { Activity, lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { validateHomeSearch } from '../domain/search-params.ts';
import { HomePage } from './HomePage.tsx';
import { CARD_PARTS } from './HomeResults.tsx';
import { LoadFailure } from './LoadFailure.tsx';
import { parseSearch, stringifySearch } from '../search/search-serialization.ts';
import { LoadFailedError, onDemand } from '../browser/on-demand.ts';
import { windowWithoutUnloadListener } from '../browser/browser.ts';
import { StoryPageLoading } from '../story-page/StoryPageLoading.tsx';
import { Layout } from '../ui/Layout.tsx';
import { SkipLink } from '../ui/SkipLink.tsx';
import { SiteHeader } from './SiteHeader.tsx';

// Pages few visitors see load on demand, outside the main bundle. React's lazy, not the router's
// lazy route components: a navigation then never waits on code that may fail to load, and the
// router's own reload for a missing chunk never runs beside the page's (src/browser/on-demand.ts).
const ErrorPage = lazy(() => onDemand(() => import('./ErrorPage.tsx')).then((m) => ({ default: m.ErrorPage })));
const NotFoundPage = lazy(() => onDemand(() => import('./NotFoundPage.tsx')).then((m) => ({ default: m.NotFoundPage })));
// A story's page: its code comes on its route only, so the home page's first render carries none of it.
const StoryPage = lazy(() => onDemand(() => import('../story-page/StoryPage.tsx')).then((m) => ({ default: m.StoryPage })));

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

/** Where the home page was left: its URL, how far it was scrolled, and the first card in view and where it stood. */
interface LeftAt {
  search: string;
  y: number;
  card: { id: string; top: number } | null;
}

function firstCardInView(): LeftAt['card'] {
  for (const card of document.querySelectorAll<HTMLElement>('article[data-story-id]')) {
    const { top, bottom } = card.getBoundingClientRect();
    if (bottom > 0) return { id: card.dataset.storyId ?? '', top };
  }
  return null;
}

/**
 * Back to the home page's URL finds it scrolled as it was left, the first card in view where it
 * stood (cards off screen may be laid out again at another height, content-visibility). The home
 * page stays drawn meanwhile, hidden (React's Activity: its effects, the reading keys among them,
 * are off), so the list is exactly as it was left, all its cards drawn.
 */
function useHomeScroll(onHome: boolean) {
  const left = useRef<LeftAt | null>(null);
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  useLayoutEffect(() => {
    if (!onHome) return;
    const was = left.current;
    left.current = null;
    if (was?.search === searchStr) {
      window.scrollTo(0, was.y);
      const card = was.card && document.querySelector(`article[data-story-id="${CSS.escape(was.card.id)}"]`);
      if (card && was.card) window.scrollBy(0, card.getBoundingClientRect().top - was.card.top);
    }
    return () => {
      left.current = { search: searchStr, y: window.scrollY, card: firstCardInView() };
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
function StoryPageRoute() {
  return (
    <>
      <SkipLink target="story">Skip to the story</SkipLink>
      <SiteHeader titleIs="p" />
      <Suspense
        fallback={
          <Layout as="main" id="story">
            <StoryPageLoading />
          </Layout>
        }
      >
        <StoryPage OptionsMenu={CARD_PARTS.MoreOptionsMenu} />
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

const storyPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/story/$id',
  component: StoryPageRoute,
});

const routeTree = rootRoute.addChildren([homeRoute, storyPageRoute]);

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
