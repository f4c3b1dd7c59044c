/**
 * The home page's one system of actors (machines/page.ts) with the app's effects: each room's
 * machine as that room provides it, the router's URL and the browser's events; and what the
 * visitor's browser keeps, which it tells its machines as it starts.
 *
 * The page machine's URL, on TanStack Router: its writes carry a mark in their history entry's
 * state, so that the change each makes is not told back; going Back or Forward to such an entry
 * is told like any other change.
 */
import type { RegisteredRouter } from '@tanstack/react-router';
import { fromCallback } from 'xstate';
import { pageMachine, type PageEvent, type PageInput, type UrlPatch, type UrlSearch } from '../../machines/page.ts';
import { validateHomeSearch } from '../domain/search-params.ts';
import { parseSearch } from '../search/search-serialization.ts';
import { appThemeMachine, readThemeInput } from '../appearance/actors.ts';
import { appBookmarksMachine, readBookmarksInput } from '../bookmarks/actors.ts';
import { appFeedMachine, appOlderStoriesMachine, readFeedInput } from '../feed/actors.ts';
import { appFollowsMachine, appNotificationsMachine, readFollowsInput } from '../follow/actors.ts';
import { appShareMachine } from '../reader/share-actor.ts';
import { readLastVisit } from '../reader/lastVisit.ts';
import { appArchiveSearchMachine } from '../search/actors.ts';
import { browserEvents } from './browser-events.ts';

/** The machines of the page with their effects; tests pass versions with fake effects. */
export interface AppLogic {
  feed: typeof appFeedMachine;
  older: typeof appOlderStoriesMachine;
  archive: typeof appArchiveSearchMachine;
  bookmarks: typeof appBookmarksMachine;
  follows: typeof appFollowsMachine;
  notifications: typeof appNotificationsMachine;
  theme: typeof appThemeMachine;
  share: typeof appShareMachine;
}

export const defaultLogic: AppLogic = {
  feed: appFeedMachine,
  older: appOlderStoriesMachine,
  archive: appArchiveSearchMachine,
  bookmarks: appBookmarksMachine,
  follows: appFollowsMachine,
  notifications: appNotificationsMachine,
  theme: appThemeMachine,
  share: appShareMachine,
};

export function appPageMachine(router: RegisteredRouter, logic: AppLogic) {
  return pageMachine.provide({
    actors: { ...logic, urlChanges: urlChangesOf(router), browserEvents },
    actions: { navigate: (_, { patch, replace }) => navigateHome(router, patch, replace) },
  });
}

/** What this visitor's page starts from: what the browser keeps. */
export function readPageInput(): PageInput {
  return {
    feed: readFeedInput(readLastVisit()),
    bookmarks: readBookmarksInput(),
    follows: readFollowsInput(),
    theme: readThemeInput(),
  };
}

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
      if (!written) sendBack({ type: 'url.changed', ...urlSearchOf(parseSearch(location.search)) });
    });
  });
}
