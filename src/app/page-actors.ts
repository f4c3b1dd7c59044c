/**
 * The home page's one system of actors (machines/page.ts) with the app's effects: each room's
 * machine as that room provides it, the router's URL (page-url.ts) and the browser's events;
 * what it starts from for this visitor, and for the frame drawn before any visitor is known.
 */
import type { RegisteredRouter } from '@tanstack/react-router';
import { pageMachine, type PageInput } from '../../machines/page.ts';
import { appThemeMachine, readThemeInput } from '../appearance/actors.ts';
import { appBookmarksMachine, readBookmarksInput } from '../bookmarks/actors.ts';
import { appFeedMachine, appOlderStoriesMachine, readFeedInput } from '../feed/actors.ts';
import { appFollowsMachine, appNotificationsMachine, readFollowsInput } from '../follow/actors.ts';
import { appShareMachine } from '../reader/actors.ts';
import { readLastVisit } from '../reader/lastVisit.ts';
import { appArchiveSearchMachine } from '../search/actors.ts';
import { browserEvents } from './browser-events.ts';
import { navigateHome, urlChangesOf } from './page-url.ts';

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

/** The page of a visitor with nothing stored and no filter: the frame (src/system/page-system.ts). */
export const FRAME_INPUT: PageInput = {
  feed: { kept: null, lastVisit: null },
  bookmarks: { ids: [], savedStories: [] },
  follows: { follows: [] },
  theme: { stored: null, systemPrefersDark: false },
};
