/**
 * Notifications of new reports and alerts' matches (docs/product.md#following-a-story,
 * #alerts-for-words): every state and transition, replayed with a fake browser (permission, push
 * subscription) and a fake follow-news.
 */
import { expect } from 'vitest';
import { notificationsMachine } from '../../machines/notifications.ts';
import { definePathSuite } from './paths.ts';

definePathSuite({
  name: 'notifications',
  machine: notificationsMachine,
  // A visitor who follows one story; one who follows none; one with an alert and nothing followed.
  inputs: [{ ids: ['a'] }, { ids: [] }, { ids: [], alerts: ['climate'] }],
  events: [
    { type: 'notify.enable' },
    { type: 'notify.disable' },
    { type: 'notify.follows', ids: ['b', 'a'] },
    { type: 'notify.follows', ids: [] },
    { type: 'notify.alerts', alerts: ['paris election'] },
    { type: 'notify.alerts', alerts: [] },
    { type: 'xstate.done.actor.checkPush', output: 'off' },
    { type: 'xstate.done.actor.checkPush', output: 'on' },
    { type: 'xstate.done.actor.checkPush', output: 'blocked' },
    { type: 'xstate.done.actor.checkPush', output: 'unsupported' },
    { type: 'xstate.error.actor.checkPush', error: new Error('navigator.serviceWorker is undefined') },
    { type: 'xstate.error.actor.subscribe', error: Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }) },
    { type: 'xstate.error.actor.subscribe', error: new Error('follow-news answered 503') },
    { type: 'xstate.error.actor.sendFollows', error: new Error('follow-news answered 429') },
    { type: 'xstate.error.actor.unsubscribe', error: new Error('follow-news answered 500') },
  ],
  delays: {},
  expectedPaths: 827,
  arrange: (fakes) =>
    notificationsMachine.provide({
      actors: {
        checkPush: fakes.actor('checkPush'),
        subscribe: fakes.actor<void, { ids: string[]; alerts: string[] }>('subscribe'),
        sendFollows: fakes.actor<void, { ids: string[]; alerts: string[] }>('sendFollows'),
        unsubscribe: fakes.actor('unsubscribe'),
      },
    }),
  check({ event, before, after, fakes }) {
    const { ids, alerts } = after.context as { ids: string[]; alerts: string[] };
    if (event.type === 'notify.follows') expect(ids).toEqual(event.ids);
    if (event.type === 'notify.alerts') expect(alerts).toEqual(event.alerts);
    // The browser is asked only on a press, with the followed ids and the alerts.
    if (after.hasTag('asking') && !before.hasTag('asking')) {
      expect(event.type).toBe('notify.enable');
      expect(fakes.calls.at(-1)).toMatchObject({ src: 'subscribe', input: { ids, alerts } });
    }
    if (event.type === 'xstate.error.actor.subscribe') expect(after.matches((event.error as Error).name === 'NotAllowedError' ? 'blocked' : 'failed')).toBe(true);
    // On, every change of the followed ids or the alerts is sent, both together; with neither left, the subscription goes at once.
    const change = event.type === 'notify.follows' || event.type === 'notify.alerts';
    if (after.matches({ on: 'sending' }) && !(before.matches({ on: 'sending' }) && !change)) expect(fakes.calls.at(-1)).toMatchObject({ src: 'sendFollows', input: { ids, alerts } });
    if (before.matches('on') && change) expect(after.matches('stopping')).toBe(ids.length === 0 && alerts.length === 0);
    if (before.matches('on') && event.type === 'notify.disable') expect(fakes.calls.at(-1)?.src).toBe('unsubscribe');
    expect(fakes.isPending('subscribe')).toBe(after.hasTag('asking'));
    expect(fakes.isPending('sendFollows')).toBe(after.matches({ on: 'sending' }));
    expect(fakes.isPending('unsubscribe')).toBe(after.matches('stopping'));
  },
});
