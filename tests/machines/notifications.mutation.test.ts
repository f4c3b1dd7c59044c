/**
 * Notifications of new reports (docs/product.md#following-a-story), what the path suite
 * (notifications.paths.test.ts) checks only relative to the machine's own states: what the
 * browser's answer at the start leads to, asking again after a refusal or a failure, which
 * rejections count as a refusal, and the "notifying" / "stopping" tags the Notify control
 * reads (src/follow/NotificationsControl.tsx).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine, type NotificationsInput, type PushState } from '../../machines/notifications.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { flush } from './paths.ts';

const refused = () => new DOMException('Permission denied', 'NotAllowedError');

/** The machine with every browser and function call a fake, started with the followed ids. */
function start(ids: string[] | undefined) {
  const fakes = new FakeActors();
  const machine = notificationsMachine.provide({
    actors: {
      checkPush: fakes.actor<PushState>('checkPush'),
      subscribe: fakes.actor<void, { ids: string[]; alerts: string[] }>('subscribe'),
      sendFollows: fakes.actor<void, { ids: string[]; alerts: string[] }>('sendFollows'),
      unsubscribe: fakes.actor('unsubscribe'),
    },
  });
  // No input at all, as Stately's visualizer starts it, when `ids` is undefined.
  const actor = createActor(machine, { input: (ids === undefined ? undefined : { ids }) as NotificationsInput }).start();
  const settle = async (src: string, outcome: { output: unknown } | { error: unknown }) => {
    fakes.settle(src, outcome);
    await flush();
  };
  return { actor, fakes, settle };
}

describe('the browser at the start', () => {
  it('a browser that cannot tell (its check fails) offers nothing: unsupported', async () => {
    const { actor, settle } = start(['a']);
    await settle('checkPush', { error: new TypeError('navigator.serviceWorker is undefined') });
    expect(actor.getSnapshot().value).toBe('unsupported');
    actor.send({ type: 'notify.enable' });
    expect(actor.getSnapshot().value).toBe('unsupported');
  });

  it.each([
    ['unsupported', 'unsupported'],
    ['off', 'off'],
    ['blocked', 'blocked'],
  ] as const)('the browser says %s: %s', async (state, value) => {
    const { actor, settle } = start(['a']);
    await settle('checkPush', { output: state });
    expect(actor.getSnapshot().value).toBe(value);
    expect(actor.getSnapshot().hasTag('notifying')).toBe(false);
  });

  it('on: the followed ids are sent again at once, and the page shows notifications on', async () => {
    const { actor, fakes, settle } = start(['a', 'b']);
    await settle('checkPush', { output: 'on' });
    expect(actor.getSnapshot().hasTag('notifying')).toBe(true);
    expect(fakes.calls.at(-1)).toMatchObject({ src: 'sendFollows', input: { ids: ['a', 'b'] } });
  });

  it('started with no input (as Stately starts it) and the browser on: nothing followed, so the subscription is removed', async () => {
    const { actor, fakes, settle } = start(undefined);
    await settle('checkPush', { output: 'on' });
    expect(fakes.count('sendFollows')).toBe(0);
    expect(fakes.isPending('unsubscribe')).toBe(true);
    expect(actor.getSnapshot().hasTag('stopping')).toBe(true);
  });
});

describe('asking again', () => {
  it('after a refusal, pressing again asks the browser again (the visitor may have allowed it since)', async () => {
    const { actor, fakes, settle } = start(['a']);
    await settle('checkPush', { output: 'blocked' });
    actor.send({ type: 'notify.enable' });
    expect(fakes.count('subscribe')).toBe(1);
    await settle('subscribe', { output: undefined });
    expect(actor.getSnapshot().hasTag('notifying')).toBe(true);
  });

  it('after a failure, pressing again asks again', async () => {
    const { actor, fakes, settle } = start(['a']);
    await settle('checkPush', { output: 'off' });
    actor.send({ type: 'notify.enable' });
    await settle('subscribe', { error: new Error('follow-news answered 503') });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'notify.enable' });
    expect(fakes.count('subscribe')).toBe(2);
    expect(actor.getSnapshot().hasTag('asking')).toBe(true);
  });
});

describe('a refusal is a NotAllowedError, and only that', () => {
  it.each([
    ['a DOMException named NotAllowedError', refused(), 'blocked'],
    ['an Error', new Error('follow-news answered 503'), 'failed'],
    ['null', null, 'failed'],
    ['the string "NotAllowedError"', 'NotAllowedError', 'failed'],
  ])('%s: %s', async (_, error, value) => {
    const { actor, settle } = start(['a']);
    await settle('checkPush', { output: 'off' });
    actor.send({ type: 'notify.enable' });
    await settle('subscribe', { error });
    expect(actor.getSnapshot().value).toBe(value);
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('stopping', () => {
  it('"Stop notifications" shows as stopping until the subscription is gone, then off', async () => {
    const { actor, settle } = start(['a']);
    await settle('checkPush', { output: 'on' });
    await settle('sendFollows', { output: undefined });
    actor.send({ type: 'notify.disable' });
    expect(actor.getSnapshot().hasTag('stopping')).toBe(true);
    expect(actor.getSnapshot().hasTag('notifying')).toBe(false);
    await settle('unsubscribe', { output: undefined });
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().hasTag('stopping')).toBe(false);
  });
});
