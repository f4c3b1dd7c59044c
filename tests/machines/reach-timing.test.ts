/**
 * What the graph cannot pin: when a call with no answer counts as failed. 10 s, as for the
 * feed (docs/product.md#timings-and-constants), for an older page, a search of the last 30
 * days and a refresh of the saved stories; written here, never read from the machines.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { olderStoriesMachine } from '../../machines/olderStories.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { flush } from './paths.ts';

const SECOND = 1_000;

async function silentCall(machine: AnyStateMachine, input: unknown, start: EventObject & Record<string, unknown>, src: string) {
  const clock = new SimulatedClock();
  const fakes = new FakeActors();
  const actor = createActor(machine.provide({ actors: { [src]: fakes.actor(src) } }), { clock, input }).start();
  actor.send(start);
  await flush();
  const call = fakes.calls[0]!;
  const wait = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  return { actor, call, wait };
}

describe('a call with no answer', () => {
  it('an older page fails after 10 s: "Could not load older stories"', async () => {
    const { actor, call, wait } = await silentCall(olderStoriesMachine, { next: 'cursor-1' }, { type: 'older.load' }, 'fetchOlder');
    await wait(10 * SECOND - 1);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(call.signal.aborted).toBe(false);
    await wait(1);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(call.signal.aborted).toBe(true);
  });

  it('a search of the last 30 days fails after 10 s: "Could not search older stories"', async () => {
    const { actor, call, wait } = await silentCall(archiveSearchMachine, undefined, { type: 'archive.search', query: 'mars' }, 'searchArchive');
    await wait(10 * SECOND - 1);
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    await wait(1);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(call.signal.aborted).toBe(true);
  });

  it('a refresh of the saved stories gives up after 10 s, changing nothing', async () => {
    const { actor, call, wait } = await silentCall(bookmarksMachine, { ids: ['a'], savedStories: [] }, { type: 'saved.refresh' }, 'fetchSaved');
    await wait(10 * SECOND - 1);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await wait(1);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(false);
    expect(call.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ ids: ['a'], stories: [] });
  });
});
