/**
 * The follow effects that wait for a use, in the page's later part (apart from the first render): the
 * `?follow=` call read, and the push subscription with follow-news.
 */
import { subscribePush } from '../../browser/push-subscribe.ts';
import { followedFromAnswer } from '../../domain/follow-answer.ts';
import type { Followed } from '../../domain/follows.ts';
import { answerOf } from '../../api/fetch-news.ts';
import { deleteSubscription, fetchPublicKey, sendSubscription, type PushTargets } from '../../api/follow-news.ts';

/** The stories leading the followed ids' coverage now, validated, each with the ids it answers for and its reports; rejects when the call fails. */
export async function fetchFollowedStories(ids: readonly string[], signal?: AbortSignal): Promise<Followed[]> {
  return followedFromAnswer(await answerOf({ follow: ids }, signal));
}

/** Asks permission, subscribes, and sends the ids and alerts when there are any. */
export async function subscribe(targets: PushTargets, signal?: AbortSignal): Promise<void> {
  const subscription = await subscribePush(() => fetchPublicKey(signal));
  if (targets.ids.length > 0 || targets.alerts.length > 0) await sendSubscription(subscription, targets, signal);
}

export async function sendFollows(subscription: PushSubscription | null, targets: PushTargets, signal?: AbortSignal): Promise<void> {
  if (!subscription) throw new Error('This browser no longer holds a push subscription');
  await sendSubscription(subscription, targets, signal);
}

/** Unsubscribed here even if the function cannot be told: the push service then refuses its messages. */
export async function unsubscribe(subscription: PushSubscription | null): Promise<void> {
  if (!subscription) return;
  const [told] = await Promise.allSettled([deleteSubscription(subscription.endpoint), subscription.unsubscribe()]);
  if (told.status === 'rejected') throw told.reason;
}
