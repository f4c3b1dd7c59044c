import { assign, fromPromise, setup } from 'xstate';

/**
 * Notifications of new reports and of alerts' matches, opt-in (docs/product.md#following-a-story,
 * #alerts-for-words): the browser's one push subscription serves both. The browser is asked only when
 * the visitor presses "Notify me of new reports" or "Notify me of matches"; once on, the followed ids
 * and the alerts' words go to follow-news with this browser's push subscription on every change, and
 * again on each visit (the function forgets a browser 30 days after it last spoke). Unfollowing the last
 * story with no alert kept (or removing the last alert with nothing followed), or "Stop notifications",
 * removes the subscription at once. The follows and alerts machines tell it the ids and the words.
 */

/** What the browser says of notifications as the page opens. */
export type PushState = 'unsupported' | 'off' | 'on' | 'blocked';

export interface NotificationsInput {
  /** The followed ids as the page opens. */
  ids: string[];
  /** The alerts' words as the page opens; absent: none. */
  alerts?: string[];
}

/** What the subscription is for: sent with it to follow-news. */
export interface NotificationsContext {
  ids: string[];
  alerts: string[];
}

export type NotificationsEvent =
  | { type: 'notify.enable' }
  | { type: 'notify.disable' }
  /** The followed ids changed (machines/follows.ts). */
  | { type: 'notify.follows'; ids: string[] }
  /** The alerts' words changed (machines/alerts.ts). */
  | { type: 'notify.alerts'; alerts: string[] };

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    /** Injected: whether this browser can notify, and whether it already does. */
    checkPush: fromPromise<PushState>(() => Promise.resolve('unsupported')),
    /** Injected: asks permission, subscribes and sends the ids and alerts; rejects with a NotAllowedError when refused. */
    subscribe: fromPromise<void, NotificationsContext>(() => Promise.reject(new Error('subscribe is provided by the app'))),
    /** Injected: sends the ids and alerts with this browser's subscription. */
    sendFollows: fromPromise<void, NotificationsContext>(() => Promise.reject(new Error('sendFollows is provided by the app'))),
    /** Injected: removes the subscription, here and at the function. */
    unsubscribe: fromPromise<void>(() => Promise.reject(new Error('unsubscribe is provided by the app'))),
  },
  actions: {
    noteIds: assign((_, { ids }: { ids: string[] }) => ({ ids })),
    noteAlerts: assign((_, { alerts }: { alerts: string[] }) => ({ alerts })),
  },
  guards: {
    /** Nothing followed and no alert: nothing to hear of. */
    hasNothing: ({ context }) => context.ids.length === 0 && context.alerts.length === 0,
    // A DOMException, which is no Error in every runtime.
    wasRefused: (_, { error }: { error: unknown }) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError',
    isUnsupported: (_, { state }: { state: PushState }) => state === 'unsupported',
    isOn: (_, { state }: { state: PushState }) => state === 'on',
    isBlocked: (_, { state }: { state: PushState }) => state === 'blocked',
  },
}).createMachine({
  id: 'notifications',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ ids: input?.ids ?? [], alerts: input?.alerts ?? [] }),
  initial: 'checking',
  on: {
    'notify.follows': { actions: { type: 'noteIds', params: ({ event }) => event } },
    'notify.alerts': { actions: { type: 'noteAlerts', params: ({ event }) => event } },
  },
  states: {
    checking: {
      invoke: {
        id: 'checkPush',
        src: 'checkPush',
        onDone: [
          { guard: { type: 'isUnsupported', params: ({ event }) => ({ state: event.output }) }, target: 'unsupported' },
          { guard: { type: 'isOn', params: ({ event }) => ({ state: event.output }) }, target: 'on' },
          { guard: { type: 'isBlocked', params: ({ event }) => ({ state: event.output }) }, target: 'blocked' },
          { target: 'off' },
        ],
        onError: { target: 'unsupported' },
      },
    },
    unsupported: {},
    off: {
      on: { 'notify.enable': { target: 'asking' } },
    },
    asking: {
      tags: ['asking'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => ({ ids: context.ids, alerts: context.alerts }),
        onDone: { target: 'on.sent' },
        onError: [{ guard: { type: 'wasRefused', params: ({ event }) => ({ error: event.error }) }, target: 'blocked' }, { target: 'failed' }],
      },
    },
    on: {
      tags: ['notifying'],
      // Each visit sends the ids again.
      initial: 'sending',
      on: {
        'notify.disable': { target: 'stopping' },
        'notify.follows': { target: '.sending', reenter: true, actions: { type: 'noteIds', params: ({ event }) => event } },
        'notify.alerts': { target: '.sending', reenter: true, actions: { type: 'noteAlerts', params: ({ event }) => event } },
      },
      states: {
        sending: {
          always: { guard: 'hasNothing', target: '#notifications.stopping' },
          invoke: {
            id: 'sendFollows',
            src: 'sendFollows',
            input: ({ context }) => ({ ids: context.ids, alerts: context.alerts }),
            onDone: { target: 'sent' },
            // Sent again with the next change, or the next visit.
            onError: { target: 'sent' },
          },
        },
        sent: {},
      },
    },
    stopping: {
      tags: ['stopping'],
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        onDone: { target: 'off' },
        // Unsubscribed here, the push service refuses what the function still sends, and the function forgets the endpoint.
        onError: { target: 'off' },
      },
    },
    /** The browser refused; following goes on. Pressing again asks again (the visitor may have allowed it since). */
    blocked: {
      on: { 'notify.enable': { target: 'asking' } },
    },
    failed: {
      on: { 'notify.enable': { target: 'asking' } },
    },
  },
});
