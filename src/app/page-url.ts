/**
 * The page machine's URL, on TanStack Router: it reads the URL as the page opens and at every change
 * it did not write (the home page's search; the story a story's page names, `/story/<id>`), and
 * writes the home page's URL. Its writes carry a mark in their
 * history entry's state, so that the change each makes is not told back; going Back or Forward to
 * such an entry is told like any other change.
 */
import type { RegisteredRouter } from '@tanstack/react-router';
import { fromCallback } from 'xstate';
import type { PageEvent, UrlPatch, UrlSearch } from '../../machines/page.ts';
import { validateHomeSearch } from '../domain/search-params.ts';
import { parseSearch } from '../search/search-serialization.ts';

/** A URL's search as the page follows it: its query and whether "From the last 30 days" and the Following view show (docs/product.md#search-categories-and-the-url). */
export function urlSearchOf(search: Record<string, unknown>): UrlSearch {
  const { q, archive, following } = validateHomeSearch(search);
  return { query: q ?? '', archive: archive === true, following: following === true };
}

/** Writes the home page's URL: the parameters of `patch` set or removed, the others kept; the scroll position kept. */
export function navigateHome(router: RegisteredRouter, patch: UrlPatch, replace: boolean): void {
  void router.navigate({ to: '/', search: (previous) => ({ ...previous, ...patch }), replace, resetScroll: false, state: (previous) => ({ ...previous, byPage: true }) });
  // The router writes the history a moment later: a reload right after (search.flush) must not outrun it.
  router.history.flush();
}

/** The story a path names, `/story/<id>` as the router matches it (its id decoded); null for any other page. */
function storyOf(router: RegisteredRouter, pathname: string): string | null {
  const match = router.matchRoutes(pathname).find((candidate) => candidate.routeId === '/story/$id');
  return match?.routeId === '/story/$id' ? match.params.id : null;
}

/**
 * The URL as the page opens, then each change: the home page's search when the page machine did not
 * write it (Back and Forward too), and the story's page opened or left.
 */
export function urlChangesOf(router: RegisteredRouter) {
  return fromCallback<PageEvent>(({ sendBack }) => {
    let story = storyOf(router, router.state.location.pathname);
    sendBack({ type: 'url.changed', ...urlSearchOf(router.state.location.search) });
    if (router.state.location.pathname === '/') sendBack({ type: 'url.home' });
    if (story !== null) sendBack({ type: 'url.story', id: story });
    return router.history.subscribe(({ location, action }) => {
      const now = storyOf(router, location.pathname);
      if (now !== story) sendBack(now === null ? { type: 'url.storyLeft' } : { type: 'url.story', id: now });
      story = now;
      if (location.pathname === '/') sendBack({ type: 'url.home' });
      const written = (action.type === 'PUSH' || action.type === 'REPLACE') && location.state.byPage === true;
      // The home page's URL only: a story's page leaves the home page as it was, for Back to find.
      if (!written && location.pathname === '/') sendBack({ type: 'url.changed', ...urlSearchOf(parseSearch(location.search)) });
    });
  });
}
