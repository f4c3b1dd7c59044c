import { SNAPSHOT_WRITER_PATH, type SnapshotWriter } from '../snapshot/prerendered.ts';

/**
 * Writes the next visit's page with the kept stories' first cards in its HTML
 * (src/snapshot/prerendered.ts): production builds only, which have the service worker and
 * the writer. False when nothing was written; a failure leaves the plain page, which paints
 * the same cards from storage.
 */
export async function writeSnapshotPage(): Promise<boolean> {
  if (!import.meta.env.PROD) return false;
  try {
    const writer = (await import(/* @vite-ignore */ SNAPSHOT_WRITER_PATH)) as SnapshotWriter;
    return await writer.keepSnapshotPage();
  } catch {
    return false;
  }
}
