/**
 * Hidden outlets (docs/product.md#hide-an-outlet): every transition, replayed with a fake storage
 * write (its child `storage`: storage.paths.test.ts). The 100 outlets' limit below.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { hiddenSourcesMachine, type HiddenSourcesContext } from '../../machines/hiddenSources.ts';
import { storageMachine } from '../../machines/storage.ts';
import { FakeActors } from '../support/fake-actors.ts';
import { definePathSuite, flush } from './paths.ts';

const withWrite = (fakes: FakeActors) => storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } });
const writesSoFar = new WeakMap<object, number>();

definePathSuite({
  name: 'hiddenSources',
  machine: hiddenSourcesMachine,
  // A visitor who hid the Daily Wire before.
  inputs: [{ sources: ['Daily Wire'] }],
  events: [
    { type: 'hidden.hide', source: 'Harbour Times' },
    { type: 'hidden.hide', source: 'Daily Wire' },
    { type: 'hidden.show', source: 'Daily Wire' },
    { type: 'hidden.show', source: 'Harbour Times' },
    { type: 'hidden.storage.changed', sources: ['Gazette'] },
    { type: 'hidden.import', sources: ['Gazette', 'Daily Wire', 'Ledger'] },
  ],
  delays: {},
  expectedPaths: 114,
  arrange: (fakes) => hiddenSourcesMachine.provide({ actors: { storage: withWrite(fakes) } }),
  check({ event, before, after, fakes, emitted }) {
    const { sources } = after.context as HiddenSourcesContext;
    const earlier = (before.context as HiddenSourcesContext).sources;
    // Each outlet once.
    expect(new Set(sources).size).toBe(sources.length);
    const source = event.source as string;
    let written = false;
    if (event.type === 'hidden.hide') {
      if (earlier.includes(source)) {
        // Already hidden: nothing changes, no toast.
        expect(sources).toEqual(earlier);
        expect(emitted).toEqual([]);
      } else {
        // Hidden first, announced once (the toast with "Undo"), written.
        expect(sources).toEqual([source, ...earlier]);
        expect(emitted).toEqual([{ type: 'source.hidden', source }]);
        written = true;
      }
    } else if (event.type === 'hidden.show') {
      if (earlier.includes(source)) {
        expect(sources).toEqual(earlier.filter((one) => one !== source));
        expect(emitted).toEqual([{ type: 'source.shown', source }]);
        written = true;
      } else {
        expect(sources).toEqual(earlier);
        expect(emitted).toEqual([]);
      }
    } else {
      expect(emitted).toEqual([]);
    }
    // Another tab's outlets replace these, and are not written back.
    if (event.type === 'hidden.storage.changed') expect(sources).toEqual(['Gazette']);
    if (event.type === 'hidden.import') {
      // Those hidden here stay first; the file's others join after them, each once.
      expect(sources).toEqual([...earlier, ...['Gazette', 'Daily Wire', 'Ledger'].filter((one) => !earlier.includes(one))]);
      written = true;
    }
    const writes = fakes.count('write');
    expect(writes).toBe((writesSoFar.get(fakes) ?? 0) + (written ? 1 : 0));
    if (written) expect(fakes.calls.at(-1)?.input).toEqual({ value: sources });
    writesSoFar.set(fakes, writes);
  },
});

describe('the 101st hidden outlet', () => {
  it('is refused with nothing changed, and announced; showing one makes room', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `Outlet ${i}`);
    const fakes = new FakeActors();
    const actor = createActor(hiddenSourcesMachine.provide({ actors: { storage: withWrite(fakes) } }), { input: { sources: hundred } });
    const emitted: unknown[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    actor.send({ type: 'hidden.hide', source: 'Gazette' });
    await flush();
    expect(actor.getSnapshot().context.sources).toEqual(hundred);
    expect(emitted).toEqual([{ type: 'source.refused', source: 'Gazette' }]);
    expect(fakes.count('write')).toBe(0);
    actor.send({ type: 'hidden.show', source: 'Outlet 7' });
    actor.send({ type: 'hidden.hide', source: 'Gazette' });
    await flush();
    expect(actor.getSnapshot().context.sources).toHaveLength(100);
    expect(actor.getSnapshot().context.sources[0]).toBe('Gazette');
    actor.stop();
  });

  it('an import past 100 keeps the 100: those hidden here first', () => {
    const ninetyNine = Array.from({ length: 99 }, (_, i) => `Outlet ${i}`);
    const actor = createActor(hiddenSourcesMachine, { input: { sources: ninetyNine } }).start();
    actor.send({ type: 'hidden.import', sources: ['Gazette', 'Ledger'] });
    expect(actor.getSnapshot().context.sources).toEqual([...ninetyNine, 'Gazette']);
    actor.stop();
  });
});
