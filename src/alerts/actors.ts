/**
 * The alerts machine (machines/alerts.ts) with its real effect, `newsAlerts` in localStorage
 * (docs/product.md#alerts-for-words), what it starts from, and how components read it.
 */
import type { SnapshotFrom } from 'xstate';
import { alertsMachine, type AlertsInput } from '../../machines/alerts.ts';
import { storageMachine } from '../../machines/storage.ts';
import { readStorage, writeStorage } from '../browser/browser.ts';
import { ALERTS_STORAGE_KEY } from '../browser/storage-keys.ts';
import { storageWriter } from '../browser/storage-writer.ts';
import { readStoredAlerts, serializeAlerts, type Alert } from '../domain/alerts.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';

export const appAlertsMachine = alertsMachine.provide({
  actors: {
    storage: storageMachine.provide({ actors: { write: storageWriter<{ alerts: Alert[] }>(({ alerts }) => writeStorage(ALERTS_STORAGE_KEY, serializeAlerts(alerts))) } }),
  },
});

export function readAlertsInput(): AlertsInput {
  return { alerts: readStoredAlerts(readStorage(ALERTS_STORAGE_KEY)) };
}

export const useAlertsActor = () => usePageActor('alerts');
export const useAlerts = <T,>(selector: (snapshot: SnapshotFrom<typeof alertsMachine>) => T, compare?: (a: T, b: T) => boolean) => usePageSelector('alerts', selector, compare);
