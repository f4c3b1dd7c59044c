/**
 * The follows and notifications machines with their real effects (localStorage, the `?follow=`
 * call, the push subscription and follow-news) (docs/machines.md), what they start from, and how
 * components read them.
 */
import type { SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { followsMachine, type FollowsInput } from '../../machines/follows.ts';
import { notificationsMachine, type NotificationsContext, type PushState } from '../../machines/notifications.ts';
import { readStorage, writeStorage } from '../browser/browser.ts';
import { currentSubscription, pushSupport } from '../browser/push.ts';
import { FOLLOWS_STORAGE_KEY } from '../browser/storage-keys.ts';
import { parseFollows, serializeFollows, type Follow, type Followed } from '../domain/follows.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';
import { fromCall } from '../browser/from-call.ts';
import { storageWriter } from '../browser/storage-writer.ts';
import { storageMachine } from '../../machines/storage.ts';

/** The calls and the push subscription (later/effects.ts), which come with the page's later part: a return visit's check of its followed stories waits for it. */
export type FollowEffects = typeof import('./later/effects.ts');

export function appFollowsMachine(effects: () => Promise<FollowEffects>) {
  return followsMachine.provide({
    actors: {
      storage: storageMachine.provide({ actors: { write: storageWriter<{ follows: Follow[] }>(({ follows }) => writeStorage(FOLLOWS_STORAGE_KEY, serializeFollows(follows))) } }),
      fetchFollowed: fromCall<Followed[], { ids: string[] }>(async ({ input, signal }) => (await effects()).fetchFollowedStories(input.ids, signal)),
    },
  });
}

export function appNotificationsMachine(effects: () => Promise<FollowEffects>) {
  return notificationsMachine.provide({
    actors: {
      checkPush: fromPromise<PushState>(() => pushSupport()),
      subscribe: fromCall<void, NotificationsContext>(async ({ input, signal }) => (await effects()).subscribe(input, signal)),
      sendFollows: fromCall<void, NotificationsContext>(async ({ input, signal }) => (await effects()).sendFollows(await currentSubscription(), input, signal)),
      unsubscribe: fromPromise<void>(async () => (await effects()).unsubscribe(await currentSubscription())),
    },
  });
}

export function readFollowsInput(): FollowsInput {
  return { follows: parseFollows(readStorage(FOLLOWS_STORAGE_KEY)) };
}

export const useFollowsActor = () => usePageActor('follows');
export const useFollows = <T,>(selector: (snapshot: SnapshotFrom<typeof followsMachine>) => T, compare?: (a: T, b: T) => boolean) =>
  usePageSelector('follows', selector, compare);
export const useNotificationsActor = () => usePageActor('notifications');
export const useNotifications = <T,>(selector: (snapshot: SnapshotFrom<typeof notificationsMachine>) => T) => usePageSelector('notifications', selector);

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The followed ids, newest followed first; the same array while they stay the same. */
export const useFollowedIds = () => useFollows((snapshot) => snapshot.context.follows.map((follow) => follow.id), sameIds);
