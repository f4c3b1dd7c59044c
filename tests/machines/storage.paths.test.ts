/**
 * What the browser keeps of a list, written or held in memory (machines/storage.ts): every state
 * and transition, replayed with a fake write. Bookmarks and follows run it as their child.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FakeActors } from '../support/fake-actors.ts';
import { storageMachine } from '../../machines/storage.ts';
import { definePathSuite, flush } from './paths.ts';

const first = { ids: ['a'] };
const second = { ids: ['a', 'b'] };

definePathSuite({
  name: 'storage',
  machine: storageMachine,
  events: [
    { type: 'storage.write', value: first },
    { type: 'storage.write', value: second },
    { type: 'xstate.error.actor.write', error: new DOMException('Quota exceeded', 'QuotaExceededError') },
  ],
  delays: {},
  // Saved: two writes; saving: two newer writes, done and refused. In memory nothing is taken (below).
  expectedPaths: 6,
  arrange: (fakes) => storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } }),
  check({ event, before, after, fakes }) {
    if (event.type === 'storage.write') {
      // Each value is written; a newer one replaces the one being written.
      expect(fakes.calls.at(-1)?.input).toEqual({ value: event.value });
      if (before.matches('saving')) expect(fakes.calls.at(-2)?.signal.aborted).toBe(true);
    }
    if (event.type === 'xstate.done.actor.write') expect(after.matches('saved')).toBe(true);
    if (event.type === 'xstate.error.actor.write') expect(after.hasTag('memoryOnly')).toBe(true);
    expect(fakes.isPending('write')).toBe(after.matches('saving'));
  },
});

describe('once storage has refused a write', () => {
  it('writes nothing more: the list lives in memory for the page\'s life', async () => {
    const fakes = new FakeActors();
    const actor = createActor(storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } })).start();
    actor.send({ type: 'storage.write', value: first });
    fakes.settle('write', { error: new DOMException('Quota exceeded', 'QuotaExceededError') });
    await flush();
    actor.send({ type: 'storage.write', value: second });
    actor.send({ type: 'storage.write', value: first });
    await flush();
    expect(fakes.count('write')).toBe(1);
    expect(actor.getSnapshot().hasTag('memoryOnly')).toBe(true);
    actor.stop();
  });
});
