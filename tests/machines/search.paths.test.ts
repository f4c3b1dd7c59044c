import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { searchMachine } from '../../machines/search.ts';
import { definePathSuite } from './paths.ts';

/** docs/product.md#search-categories-and-the-url: the query reaches the URL once typing pauses for 300 ms. */
const PAUSE_MS = 300;

definePathSuite({
  name: 'search',
  machine: searchMachine,
  // A page opened with no query, and one opened from a shared URL with one.
  inputs: [{ query: '' }, { query: 'jupiter' }],
  events: [
    { type: 'search.type', text: 'mars' },
    { type: 'search.type', text: '' },
    { type: 'search.urlChanged', query: 'jupiter' },
    { type: 'search.urlChanged', query: '' },
  ],
  delays: { commitDelay: PAUSE_MS },
  expectedPaths: 120,
  arrange: (_fakes, effects) => searchMachine.provide({ actions: { writeQuery: (_, { query }) => effects.push({ writeQuery: query }) } }),
  check({ event, before, after, effects }) {
    const was = before.context as { text: string; query: string };
    const now = after.context as { text: string; query: string };
    switch (event.type) {
      case 'search.type':
        // The box and the list follow every keystroke; the URL waits for the pause.
        expect(now).toEqual({ text: event.text, query: was.query });
        expect(effects).toEqual([]);
        expect(after.matches('typing')).toBe(true);
        break;
      case 'search.clear':
        // The clear button empties the box and the URL at once.
        expect(now).toEqual({ text: '', query: '' });
        expect(effects).toEqual([{ writeQuery: '' }]);
        expect(after.matches('idle')).toBe(true);
        break;
      case 'filters.clear':
        // "Clear filters": the app rewrites the URL with every filter; the machine writes nothing.
        expect(now).toEqual({ text: '', query: '' });
        expect(effects).toEqual([]);
        expect(after.matches('idle')).toBe(true);
        break;
      case 'search.urlChanged':
        // Back or Forward to another query replaces the box and drops a pending write; the app's
        // own write coming back (the same query) changes nothing.
        if (event.query === was.query) expect([after.value, now]).toEqual([before.value, was]);
        else expect([after.value, now]).toEqual(['idle', { text: event.query, query: event.query }]);
        expect(effects).toEqual([]);
        break;
      case 'xstate.init':
        expect(now.text).toBe(now.query);
        break;
      default:
        // The pause: what was typed reaches the URL, once.
        expect(event.type).toMatch(/^xstate\.after\.commitDelay\./);
        expect(now).toEqual({ text: was.text, query: was.text });
        expect(effects).toEqual([{ writeQuery: was.text }]);
        expect(after.matches('idle')).toBe(true);
    }
  },
});

describe('the pause before the URL follows the search box', () => {
  function start(query = '') {
    const clock = new SimulatedClock();
    const written: string[] = [];
    const machine = searchMachine.provide({ actions: { writeQuery: (_, params) => void written.push(params.query) } });
    const actor = createActor(machine, { clock, input: { query } }).start();
    return { actor, clock, written };
  }

  it('every keystroke starts the 300 ms again; only the text of the pause is written', () => {
    const { actor, clock, written } = start();
    actor.send({ type: 'search.type', text: 'm' });
    clock.increment(299);
    actor.send({ type: 'search.type', text: 'ma' });
    clock.increment(299);
    expect(written).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: 'ma', query: '' });
    clock.increment(1);
    expect(written).toEqual(['ma']);
    clock.increment(10 * PAUSE_MS);
    expect(written).toEqual(['ma']);
  });

  it('Back to another query while typing drops the pending write', () => {
    const { actor, clock, written } = start('jupiter');
    actor.send({ type: 'search.type', text: 'mars' });
    clock.increment(100);
    actor.send({ type: 'search.urlChanged', query: 'venus' });
    clock.increment(10 * PAUSE_MS);
    expect(written).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: 'venus', query: 'venus' });
  });

  it('"Clear filters" while typing drops the pending write and empties the box', () => {
    const { actor, clock, written } = start('jupiter');
    actor.send({ type: 'search.type', text: 'mars' });
    actor.send({ type: 'filters.clear' });
    clock.increment(10 * PAUSE_MS);
    expect(written).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ text: '', query: '' });
  });
});
