/**
 * The page machine's URL, on TanStack Router: it reads the URL's search as the page opens and at
 * every change it did not write, and writes the home page's URL. Its writes carry a mark in their
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

/** The URL's search as the page opens, then each change the page machine did not write (Back and Forward too). */
export function urlChangesOf(router: RegisteredRouter) {
  return fromCallback<PageEvent>(({ sendBack }) => {
    sendBack({ type: 'url.changed', ...urlSearchOf(router.state.location.search) });
    return router.history.subscribe(({ location, action }) => {
      const written = (action.type === 'PUSH' || action.type === 'REPLACE') && location.state.byPage === true;
      // The home page's URL only: a story's page leaves the home page as it was, for Back to find.
      if (!written && location.pathname === '/') sendBack({ type: 'url.changed', ...urlSearchOf(parseSearch(location.search)) });
    });
  });
}
