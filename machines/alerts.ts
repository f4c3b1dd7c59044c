import { enqueueActions, sendTo, setup } from 'xstate';
import { tellPage, type Reporting } from './report.ts';
import { storageMachine } from './storage.ts';
import { alertRefusal, appendAlert, keptWords, mergeAlerts, withoutAlert, type Alert } from '../src/domain/alerts.ts';

/**
 * Alerts for words (docs/product.md#alerts-for-words): the visitor's alerts, at most 10. Adding one
 * either keeps it (last) or refuses it, and the machine rests in the outcome until the next try, so
 * the dialog shows the refusal's text. Each change goes to the child `storage` (machines/storage.ts)
 * to be written to `newsAlerts` (a refused write leaves alerts in memory for the page's life), and its
 * words to the page, for `notifications` (machines/notifications.ts).
 */

export interface AlertsInput {
  /** The stored alerts (`newsAlerts`), read; [] when absent or unreadable. */
  alerts: Alert[];
}

export interface AlertsContext extends Reporting {
  /** In the order added, at most 10. */
  alerts: Alert[];
}

export type AlertsEvent =
  /** "Add alert": the text of "Words to watch", and the time (ISO). */
  | { type: 'alert.add'; text: string; at: string }
  /** "Remove alert for {words}". */
  | { type: 'alert.remove'; words: string }
  /** The stored alerts changed in another tab, read. */
  | { type: 'alerts.storage.changed'; alerts: Alert[] }
  /** A file of "Your reading" brought these, read. */
  | { type: 'alerts.import'; alerts: Alert[] }
  /** Raised by the machine: the alerts changed (written). */
  | { type: 'alerts.changed' };

export type AlertsEmitted = { type: 'alert.added'; words: string } | { type: 'alert.removed'; words: string };

/** What alerts tell the page (machines/page.ts): the alerts' words at each change, which notifications cover. */
export type AlertsReport = { type: 'alerts.words'; alerts: string[] };

/** What the page is told of the alerts: their words. */
const wordsOf = (alerts: readonly Alert[]): AlertsReport => ({ type: 'alerts.words', alerts: alerts.map((alert) => alert.words) });

export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
    input: {} as AlertsInput & Reporting,
    emitted: {} as AlertsEmitted,
  },
  actors: {
    /** Writes `newsAlerts` (its `write` injected: rejects when storage refuses). */
    storage: storageMachine,
  },
  actions: {
    add: enqueueActions(({ context, enqueue, self }, { text, at }: { text: string; at: string }) => {
      const alerts = appendAlert(context.alerts, text, at);
      enqueue.assign({ alerts });
      enqueue.emit({ type: 'alert.added', words: keptWords(text) });
      enqueue.raise({ type: 'alerts.changed' });
      tellPage({ context, self, enqueue }, wordsOf(alerts));
    }),
    remove: enqueueActions(({ context, enqueue, self }, { words }: { words: string }) => {
      const alerts = withoutAlert(context.alerts, words);
      if (alerts.length === context.alerts.length) return;
      enqueue.assign({ alerts });
      enqueue.emit({ type: 'alert.removed', words });
      enqueue.raise({ type: 'alerts.changed' });
      tellPage({ context, self, enqueue }, wordsOf(alerts));
    }),
    /** Imported alerts join these (docs/product.md#your-reading-in-another-browser), the first 10 in all. */
    adoptImported: enqueueActions(({ context, enqueue, self }, { alerts: imported }: { alerts: Alert[] }) => {
      const alerts = mergeAlerts(context.alerts, imported);
      if (alerts.length === context.alerts.length) return;
      enqueue.assign({ alerts });
      enqueue.raise({ type: 'alerts.changed' });
      tellPage({ context, self, enqueue }, wordsOf(alerts));
    }),
    adoptStored: enqueueActions(({ context, enqueue, self }, { alerts }: { alerts: Alert[] }) => {
      enqueue.assign({ alerts });
      tellPage({ context, self, enqueue }, wordsOf(alerts));
    }),
    /** The alerts as they are now, to storage. */
    save: sendTo('storage', ({ context }) => ({ type: 'storage.write' as const, value: { alerts: context.alerts } })),
  },
  guards: {
    /** Not 1 to 5 words of 2 to 60 characters. */
    isInvalid: ({ context }, { text }: { text: string }) => alertRefusal(context.alerts, text) === 'invalid',
    /** The terms of an alert kept already: it stays as it was. */
    isKnown: ({ context }, { text }: { text: string }) => alertRefusal(context.alerts, text) === 'known',
    /** A new alert when 10 are kept already. */
    isFull: ({ context }, { text }: { text: string }) => alertRefusal(context.alerts, text) === 'full',
  },
}).createMachine({
  id: 'alerts',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ alerts: input?.alerts ?? [], reportTo: input?.reportTo }),
  invoke: { id: 'storage', src: 'storage' },
  initial: 'ready',
  on: {
    'alert.add': [
      { guard: { type: 'isInvalid', params: ({ event }) => event }, target: '.refused' },
      { guard: { type: 'isKnown', params: ({ event }) => event }, target: '.ready' },
      { guard: { type: 'isFull', params: ({ event }) => event }, target: '.full' },
      { target: '.ready', actions: { type: 'add', params: ({ event }) => event } },
    ],
    'alert.remove': { target: '.ready', actions: { type: 'remove', params: ({ event }) => event } },
    'alerts.storage.changed': { actions: { type: 'adoptStored', params: ({ event }) => event } },
    'alerts.import': { actions: { type: 'adoptImported', params: ({ event }) => event } },
    'alerts.changed': { actions: 'save' },
  },
  states: {
    ready: {},
    /** The last words tried were not an alert: "An alert is 1 to 5 words". */
    refused: { tags: ['refused'] },
    /** The last alert tried was an eleventh: "You can keep up to 10 alerts". */
    full: { tags: ['full'] },
  },
});
