/**
 * The search box (docs/product.md#search-categories-and-the-url): the URL owns the query; the
 * machine holds the text being typed, writes it to the URL once typing pauses and shows it until
 * the URL has taken it. Every state and transition, replayed with the URL's writes and what the
 * last 30 days are told recorded.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { searchMachine, shownQuery } from '../../machines/search.ts';
import { definePathSuite } from './paths.ts';

/** docs/product.md#search-categories-and-the-url: the query reaches the URL once typing pauses for 300 ms. */
const PAUSE_MS = 300;
/** The URL's query while the paths run: what the box shows when nothing typed is waiting for it. */
const URL_QUERY = 'jupiter';

definePathSuite({
  name: 'search',
  machine: searchMachine,
  events: [
    { type: 'search.type', text: 'mars' },
    { type: 'search.type', text: '' },
    { type: 'search.clear' },
    { type: 'search.reset' },
    { type: 'search.flush' },
  ],
  delays: { commitDelay: PAUSE_MS },
  // Idle with nothing typed yet or "mars" left from typing, written with either text (4 events each);
  // typing either text (6 each: the pause and search.flush as well).
  expectedPaths: 28,
  arrange: (_fakes, effects) =>
    searchMachine.provide({
      actions: {
        writeQuery: (_, { query }) => void effects.push({ writeQuery: query }),
        tellArchive: (_, { text }) => void effects.push({ archiveTyped: text }),
      },
    }),
  check({ event, before, after, effects }) {
    const typed = before.context.text as string;
    // The box shows the text while typing and until the URL has taken it, else the URL's query.
    expect(shownQuery(after as Parameters<typeof shownQuery>[0], URL_QUERY)).toBe(after.matches('idle') ? URL_QUERY : after.context.text);
    switch (event.type) {
      case 'search.type':
        // The box and the list follow every keystroke, and the last 30 days learn it; the URL waits for the pause.
        expect(after.matches('typing')).toBe(true);
        expect(after.context.text).toBe(event.text);
        expect(effects).toEqual([{ archiveTyped: event.text }]);
        break;
      case 'search.clear':
        // The clear button empties the box and the URL's query at once.
        expect(after.matches('written')).toBe(true);
        expect(after.context.text).toBe('');
        expect(effects).toEqual([{ writeQuery: '' }]);
        break;
      case 'search.reset':
        // The URL's query changed (Back, Forward, "Clear filters", or the write taken): the box shows it; text typed is dropped unwritten.
        expect(after.matches('idle')).toBe(true);
        expect(effects).toEqual([]);
        break;
      case 'search.flush':
        // The page is about to reload itself: what is typed goes into the URL now.
        expect(after.matches('written')).toBe(true);
        expect(after.context.text).toBe(typed);
        expect(effects).toEqual([{ writeQuery: typed }]);
        break;
      case 'xstate.init':
        expect(after.matches('idle')).toBe(true);
        expect(effects).toEqual([]);
        break;
      default:
        // The pause: what was typed reaches the URL, once, and stays in the box until the URL has it.
        expect(event.type).toMatch(/^xstate\.after\.commitDelay\./);
        expect(after.matches('written')).toBe(true);
        expect(after.context.text).toBe(typed);
        expect(effects).toEqual([{ writeQuery: typed }]);
    }
  },
});

describe('the pause before the URL follows the search box', () => {
  function start() {
    const clock = new SimulatedClock();
    const written: string[] = [];
    const machine = searchMachine.provide({ actions: { writeQuery: (_, params) => void written.push(params.query) } });
    const actor = createActor(machine, { clock }).start();
    return { actor, clock, written };
  }

  it('every keystroke starts the 300 ms again; only the text of the pause is written', () => {
    const { actor, clock, written } = start();
    actor.send({ type: 'search.type', text: 'm' });
    clock.increment(299);
    actor.send({ type: 'search.type', text: 'ma' });
    clock.increment(299);
    expect(written).toEqual([]);
    expect(shownQuery(actor.getSnapshot(), 'jupiter')).toBe('ma');
    clock.increment(1);
    expect(written).toEqual(['ma']);
    expect(shownQuery(actor.getSnapshot(), 'ma')).toBe('ma');
    clock.increment(10 * PAUSE_MS);
    expect(written).toEqual(['ma']);
  });

  it('a key pressed after the write, before the URL has taken it, is typed onto the text written, not the old query', () => {
    const { actor, clock, written } = start();
    actor.send({ type: 'search.type', text: 'ha' });
    clock.increment(PAUSE_MS);
    expect(written).toEqual(['ha']);
    // The URL still has no query: the box keeps showing what was written.
    expect(shownQuery(actor.getSnapshot(), '')).toBe('ha');
    actor.send({ type: 'search.type', text: 'har' });
    expect(shownQuery(actor.getSnapshot(), '')).toBe('har');
    clock.increment(PAUSE_MS);
    expect(written).toEqual(['ha', 'har']);
    // The URL takes it (the page sends search.reset when its query changes): the box shows the URL's query.
    actor.send({ type: 'search.reset' });
    expect(shownQuery(actor.getSnapshot(), 'har')).toBe('har');
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('Back to another query while typing (search.reset) drops the pending write; the box shows the URL\'s query', () => {
    const { actor, clock, written } = start();
    actor.send({ type: 'search.type', text: 'mars' });
    clock.increment(100);
    actor.send({ type: 'search.reset' });
    clock.increment(10 * PAUSE_MS);
    expect(written).toEqual([]);
    expect(shownQuery(actor.getSnapshot(), 'venus')).toBe('venus');
  });

  it('search.flush writes what is typed at once, and nothing more after the pause', () => {
    const { actor, clock, written } = start();
    actor.send({ type: 'search.type', text: 'mars' });
    clock.increment(100);
    actor.send({ type: 'search.flush' });
    expect(written).toEqual(['mars']);
    clock.increment(10 * PAUSE_MS);
    expect(written).toEqual(['mars']);
  });
});
