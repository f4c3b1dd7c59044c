/**
 * Read marks (docs/product.md#read): every transition, replayed with a fake storage write (its
 * child `storage`: storage.paths.test.ts). The 1,000 marks' limit below.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { readMarksMachine, type ReadMarksContext } from '../../machines/readMarks.ts';
import { storageMachine } from '../../machines/storage.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { definePathSuite, flush } from './paths.ts';

const writesSoFar = new WeakMap<object, number>();

definePathSuite({
  name: 'readMarks',
  machine: readMarksMachine,
  // A visitor who read b, then a.
  inputs: [{ ids: ['a', 'b'] }],
  events: [
    { type: 'read.mark', id: 'c' },
    { type: 'read.mark', id: 'b' },
    { type: 'read.unmark', id: 'a' },
    { type: 'read.unmark', id: 'z' },
    { type: 'read.storage.changed', ids: ['x'] },
    { type: 'read.import', ids: ['x', 'c', 'y'] },
  ],
  delays: {},
  expectedPaths: 138,
  arrange: (fakes) => readMarksMachine.provide({ actors: { storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } }) } }),
  check({ event, before, after, fakes, emitted }) {
    const { ids } = after.context as ReadMarksContext;
    const earlier = (before.context as ReadMarksContext).ids;
    expect(new Set(ids).size).toBe(ids.length);
    expect(emitted).toEqual([]);
    let written = false;
    if (event.type === 'read.mark') {
      // Read most recently: first. Already first, nothing to write.
      expect(ids).toEqual([event.id, ...earlier.filter((id) => id !== event.id)]);
      written = earlier[0] !== event.id;
    }
    if (event.type === 'read.unmark') {
      expect(ids).toEqual(earlier.filter((id) => id !== event.id));
      written = earlier.includes(event.id as string);
    }
    if (event.type === 'read.storage.changed') expect(ids).toEqual(['x']);
    if (event.type === 'read.import') {
      expect(ids).toEqual([...earlier, ...['x', 'c', 'y'].filter((id) => !earlier.includes(id))]);
      written = true;
    }
    const writes = fakes.count('write');
    expect(writes).toBe((writesSoFar.get(fakes) ?? 0) + (written ? 1 : 0));
    if (written) expect(fakes.calls.at(-1)?.input).toEqual({ value: ids });
    writesSoFar.set(fakes, writes);
  },
});

describe('the 1,001st read mark', () => {
  it('keeps the 1,000 most recent: the oldest goes', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => `s${i}`);
    const fakes = new FakeActors();
    const actor = createActor(readMarksMachine.provide({ actors: { storage: storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } }) } }), { input: { ids: thousand } }).start();
    actor.send({ type: 'read.mark', id: 'new' });
    await flush();
    const { ids } = actor.getSnapshot().context;
    expect(ids).toHaveLength(1000);
    expect(ids[0]).toBe('new');
    expect(ids).not.toContain('s999');
    expect(fakes.calls.at(-1)?.input).toEqual({ value: ids });
    actor.stop();
  });
});
