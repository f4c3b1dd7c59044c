/**
 * The home page's one system of actors (machines/page.ts) with the app's effects: each room's
 * machine as that room provides it, the router's URL (page-url.ts) and the browser's events; and
 * what the visitor's browser keeps, which it tells its machines as it starts.
 */
import type { RegisteredRouter } from '@tanstack/react-router';
import { pageMachine, type PageInput } from '../../machines/page.ts';
import { appAlertsMachine, readAlertsInput } from '../alerts/actors.ts';
import { appThemeMachine, readThemeInput } from '../appearance/actors.ts';
import { appBookmarksMachine, readBookmarksInput } from '../bookmarks/actors.ts';
import { appFeedMachine, appOlderStoriesMachine, readFeedInput } from '../feed/actors.ts';
import { appFollowsMachine, appNotificationsMachine, readFollowsInput } from '../follow/actors.ts';
import { appShareMachine } from '../share/share-actor.ts';
import { readLastVisit } from '../reader/lastVisit.ts';
import { appArchiveSearchMachine } from '../search/actors.ts';
import { appStoryPageMachine } from '../story-page/actors.ts';
import { appHiddenSourcesMachine, appReadingMachine, appReadMarksMachine, readHiddenSourcesInput, readReadMarksInput } from '../front-page/actors.ts';
import { browserEvents } from './browser-events.ts';
import { later } from './later.ts';
import { navigateHome, urlChangesOf } from './page-url.ts';

/** The machines of the page with their effects; tests pass versions with fake effects. */
export interface AppLogic {
  feed: typeof appFeedMachine;
  older: typeof appOlderStoriesMachine;
  archive: typeof appArchiveSearchMachine;
  bookmarks: typeof appBookmarksMachine;
  follows: ReturnType<typeof appFollowsMachine>;
  alerts: typeof appAlertsMachine;
  notifications: ReturnType<typeof appNotificationsMachine>;
  theme: typeof appThemeMachine;
  share: typeof appShareMachine;
  storyPage: typeof appStoryPageMachine;
  hiddenSources: typeof appHiddenSourcesMachine;
  readMarks: typeof appReadMarksMachine;
  reading: ReturnType<typeof appReadingMachine>;
}

const followEffects = () => later.arrival().then((parts) => parts.followEffects);
const readingEffects = () => later.arrival().then((parts) => parts.readingEffects);

export const defaultLogic: AppLogic = {
  feed: appFeedMachine,
  older: appOlderStoriesMachine,
  archive: appArchiveSearchMachine,
  bookmarks: appBookmarksMachine,
  follows: appFollowsMachine(followEffects),
  alerts: appAlertsMachine,
  notifications: appNotificationsMachine(followEffects),
  theme: appThemeMachine,
  share: appShareMachine,
  storyPage: appStoryPageMachine,
  hiddenSources: appHiddenSourcesMachine,
  readMarks: appReadMarksMachine,
  reading: appReadingMachine(readingEffects),
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
    alerts: readAlertsInput(),
    hiddenSources: readHiddenSourcesInput(),
    readMarks: readReadMarksInput(),
    theme: readThemeInput(),
  };
}
