/**
 * Alerts for words (docs/product.md#alerts-for-words): every state and transition, replayed with a
 * fake storage write (its child `storage`: storage.paths.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { alertsMachine, type AlertsContext } from '../../machines/alerts.ts';
import { storageMachine } from '../../machines/storage.ts';
import type { Alert } from '../../src/domain/alerts.ts';
import type { FakeActors } from '../support/fake-actors.ts';
import { definePathSuite, flush } from './paths.ts';

const at = '2026-12-01T08:00:00.000Z';
const kept = (words: string): Alert => ({ words, created_at: '2026-11-30T08:00:00.000Z' });
const nine = Array.from({ length: 9 }, (_, i) => kept(`w${i}`));

/** The storage child, its write a fake. */
const withWrite = (fakes: FakeActors) => storageMachine.provide({ actors: { write: fakes.actor<void, { value: unknown }>('write') } });

definePathSuite({
  name: 'alerts',
  machine: alertsMachine,
  // Nine kept: one more fills the ten, the next is refused.
  inputs: [{ alerts: nine }],
  events: [
    { type: 'alert.add', text: '  climate   change ', at },
    { type: 'alert.add', text: 'Paris', at },
    // Not an alert: one letter; six words.
    { type: 'alert.add', text: 'x', at },
    { type: 'alert.add', text: 'one two three four five six', at },
    // The words of an alert kept already.
    { type: 'alert.add', text: 'W1', at },
    { type: 'alert.remove', words: 'w0' },
    { type: 'alert.remove', words: 'nothing kept' },
    { type: 'alerts.storage.changed', alerts: [kept('storm')] },
    // A file of "Your reading": one alert kept here already, one new.
    { type: 'alerts.import', alerts: [kept('w1'), kept('harbour strike')] },
  ],
  delays: {},
  expectedPaths: 1290,
  arrange: (fakes) => alertsMachine.provide({ actors: { storage: withWrite(fakes) } }),
  check({ event, before, after, fakes, emitted }) {
    const { alerts } = after.context as AlertsContext;
    const earlier = (before.context as AlertsContext).alerts;
    const writes = fakes.calls.filter((call) => call.src === 'write');
    expect(alerts.length).toBeLessThanOrEqual(10);
    if (event.type === 'alert.add') {
      const text = event.text as string;
      if (text === 'x' || text.startsWith('one two')) {
        expect(after.hasTag('refused')).toBe(true);
        expect(alerts).toEqual(earlier);
        expect(emitted).toEqual([]);
      } else if (text === 'W1' && earlier.some((alert) => alert.words === 'w1')) {
        expect(after.value).toBe('ready');
        expect(alerts).toEqual(earlier);
        expect(emitted).toEqual([]);
      } else if (earlier.length === 10 && !earlier.some((alert) => alert.words.toLowerCase() === text.trim().toLowerCase().replace(/\s+/g, ' '))) {
        // An eleventh: refused, nothing changed.
        expect(after.hasTag('full')).toBe(true);
        expect(alerts).toEqual(earlier);
        expect(emitted).toEqual([]);
      } else {
        const words = text.trim().replace(/\s+/g, ' ');
        if (earlier.some((alert) => alert.words === words)) {
          expect(alerts).toEqual(earlier);
          expect(emitted).toEqual([]);
        } else {
          expect(alerts).toEqual([...earlier, { words, created_at: at }]);
          expect(emitted).toEqual([{ type: 'alert.added', words }]);
          expect(writes.at(-1)?.input).toEqual({ value: { alerts } });
        }
        expect(after.value).toBe('ready');
      }
    }
    if (event.type === 'alert.remove') {
      const words = event.words as string;
      expect(alerts).toEqual(earlier.filter((alert) => alert.words !== words));
      expect(after.value).toBe('ready');
      if (earlier.some((alert) => alert.words === words)) {
        expect(emitted).toEqual([{ type: 'alert.removed', words }]);
        expect(writes.at(-1)?.input).toEqual({ value: { alerts } });
      } else {
        expect(emitted).toEqual([]);
      }
    }
    if (event.type === 'alerts.import') {
      // Joined to these, each once by its words, the first 10 in all; written when any joined.
      const here = new Set(earlier.map((alert) => alert.words.toLowerCase()));
      const joined = [...earlier, ...[kept('w1'), kept('harbour strike')].filter((alert) => !here.has(alert.words))].slice(0, 10);
      expect(alerts).toEqual(joined);
      expect(emitted).toEqual([]);
      if (joined.length > earlier.length) expect(writes.at(-1)?.input).toEqual({ value: { alerts } });
    }
    if (event.type === 'alerts.storage.changed') {
      // Another tab's alerts: taken, not written back.
      expect(alerts).toEqual([kept('storm')]);
      expect(emitted).toEqual([]);
    }
  },
});

describe('alerts in the page', () => {
  it('tell the page their words at each change, and not when nothing changed', async () => {
    const parent = createActor(alertsMachine, { input: { alerts: [] } });
    const told: unknown[] = [];
    parent.on('*', () => {});
    parent.system.inspect((inspection) => {
      if (inspection.type === '@xstate.event' && inspection.event.type === 'alerts.words') told.push(inspection.event);
    });
    parent.start();
    parent.send({ type: 'alert.add', text: 'climate', at });
    parent.send({ type: 'alert.add', text: 'Climate', at });
    parent.send({ type: 'alert.remove', words: 'climate' });
    parent.send({ type: 'alerts.storage.changed', alerts: [kept('storm')] });
    await flush();
    expect(told).toEqual([
      { type: 'alerts.words', alerts: ['climate'] },
      { type: 'alerts.words', alerts: [] },
      { type: 'alerts.words', alerts: ['storm'] },
    ]);
  });
});
