/**
 * The search box (docs/product.md#search-categories-and-the-url): the machine holds the text the
 * box shows, tells the page each key and, once typing pauses, the query to put in the URL. Every
 * state and transition, replayed with what it tells the page recorded; then a key typed at any
 * moment of any path, kept.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { searchMachine } from '../../machines/search.ts';
import { definePathSuite, transitionCover } from './paths.ts';

/** docs/product.md#search-categories-and-the-url: the query reaches the URL once typing pauses for 300 ms. */
const PAUSE_MS = 300;

const EVENTS = [
  { type: 'search.type', text: 'mars' },
  { type: 'search.type', text: '' },
  { type: 'search.clear' },
  { type: 'search.reset', query: 'jupiter' },
  { type: 'search.flush' },
];

/** The machine with what it tells the page recorded. */
const recording = (told: unknown[]) =>
  searchMachine.provide({
    actions: {
      tellTyped: (_, { text }) => void told.push({ typed: text }),
      commit: (_, { text }) => void told.push({ committed: text }),
    },
  });

definePathSuite({
  name: 'search',
  machine: searchMachine,
  events: EVENTS,
  delays: { commitDelay: PAUSE_MS },
  // Idle with '', 'mars' or 'jupiter' (4 events each), typing 'mars' or '' (6 each: the pause and search.flush too).
  expectedPaths: 24,
  arrange: (_fakes, effects) => recording(effects),
  check({ event, before, after, effects }) {
    const typed = before.context.text as string;
    switch (event.type) {
      case 'search.type':
        // The box and the list follow every keystroke, and the page learns it; the URL waits for the pause.
        expect(after.matches('typing')).toBe(true);
        expect(after.context.text).toBe(event.text);
        expect(effects).toEqual([{ typed: event.text }]);
        break;
      case 'search.clear':
        // The clear button empties the box and the URL's query at once.
        expect(after.matches('idle')).toBe(true);
        expect(after.context.text).toBe('');
        expect(effects).toEqual([{ committed: '' }]);
        break;
      case 'search.reset':
        // The URL's query changed elsewhere (Back, Forward, "Clear filters"): the box shows it; what was typed is not committed.
        expect(after.matches('idle')).toBe(true);
        expect(after.context.text).toBe('jupiter');
        expect(effects).toEqual([]);
        break;
      case 'search.flush':
        // The page is about to reload itself: what is typed is committed now.
        expect(after.matches('idle')).toBe(true);
        expect(after.context.text).toBe(typed);
        expect(effects).toEqual([{ committed: typed }]);
        break;
      case 'xstate.init':
        expect(after.matches('idle')).toBe(true);
        expect(after.context.text).toBe('');
        expect(effects).toEqual([]);
        break;
      default:
        // The pause: what was typed is committed, once, and stays in the box.
        expect(event.type).toMatch(/^xstate\.after\.commitDelay\./);
        expect(after.matches('idle')).toBe(true);
        expect(after.context.text).toBe(typed);
        expect(effects).toEqual([{ committed: typed }]);
    }
  },
});

describe('a key typed at any moment', () => {
  it('is in the box at once, and is what the next commit puts in the URL, on every generated path', () => {
    const paths = transitionCover(searchMachine, { events: EVENTS });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      for (let step = 0; step <= path.steps.length; step += 1) {
        const clock = new SimulatedClock();
        const told: unknown[] = [];
        const actor = createActor(recording(told), { clock }).start();
        for (const { event } of path.steps.slice(0, step)) {
          if (event.type.startsWith('xstate.after.')) clock.increment(PAUSE_MS);
          else if (event.type !== 'xstate.init') actor.send(event as Parameters<typeof actor.send>[0]);
        }
        told.length = 0;
        actor.send({ type: 'search.type', text: 'kept' });
        expect(actor.getSnapshot().context.text).toBe('kept');
        clock.increment(PAUSE_MS);
        // Only the page's own write follows: nothing takes the key back.
        expect(told).toEqual([{ typed: 'kept' }, { committed: 'kept' }]);
        expect(actor.getSnapshot().context.text).toBe('kept');
      }
    }
  });
});

describe('the pause before the URL follows the search box', () => {
  function start() {
    const clock = new SimulatedClock();
    const told: unknown[] = [];
    const actor = createActor(recording(told), { clock }).start();
    const committed = () => told.flatMap((one) => (typeof one === 'object' && one !== null && 'committed' in one ? [one.committed] : []));
    return { actor, clock, committed };
  }

  it('every keystroke starts the 300 ms again; only the text of the pause is committed', () => {
    const { actor, clock, committed } = start();
    actor.send({ type: 'search.type', text: 'm' });
    clock.increment(299);
    actor.send({ type: 'search.type', text: 'ma' });
    clock.increment(299);
    expect(committed()).toEqual([]);
    expect(actor.getSnapshot().context.text).toBe('ma');
    clock.increment(1);
    expect(committed()).toEqual(['ma']);
    clock.increment(10 * PAUSE_MS);
    expect(committed()).toEqual(['ma']);
  });

  it('a key pressed right after a commit is typed onto the text committed', () => {
    const { actor, clock, committed } = start();
    actor.send({ type: 'search.type', text: 'ha' });
    clock.increment(PAUSE_MS);
    actor.send({ type: 'search.type', text: 'har' });
    expect(actor.getSnapshot().context.text).toBe('har');
    clock.increment(PAUSE_MS);
    expect(committed()).toEqual(['ha', 'har']);
  });

  it("Back to another query while typing (search.reset) drops the pending commit; the box shows the URL's query", () => {
    const { actor, clock, committed } = start();
    actor.send({ type: 'search.type', text: 'mars' });
    clock.increment(100);
    actor.send({ type: 'search.reset', query: 'venus' });
    clock.increment(10 * PAUSE_MS);
    expect(committed()).toEqual([]);
    expect(actor.getSnapshot().context.text).toBe('venus');
  });

  it('search.flush commits what is typed at once, and nothing more after the pause', () => {
    const { actor, clock, committed } = start();
    actor.send({ type: 'search.type', text: 'mars' });
    clock.increment(100);
    actor.send({ type: 'search.flush' });
    expect(committed()).toEqual(['mars']);
    clock.increment(10 * PAUSE_MS);
    expect(committed()).toEqual(['mars']);
  });
});
