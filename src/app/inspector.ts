import type { InspectionEvent, Observer } from 'xstate';
import { onDemand } from '../browser/on-demand.ts';

/** What `createActor(..., { inspect })` accepts. */
export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The Stately inspector (docs/machines.md#watching-the-machines-run), in the dev server only
 * and only with `?inspect` in the URL: it opens stately.ai/inspect in a new window, and every
 * actor of the page reports its events and snapshots there. In a production build
 * `import.meta.env.DEV` is false, so neither this code nor @statelyai/inspect is bundled.
 */
export async function devInspector(search: string): Promise<Inspect | undefined> {
  if (import.meta.env.DEV && new URLSearchParams(search).has('inspect')) {
    const { createBrowserInspector } = await onDemand(() => import('@statelyai/inspect'));
    return createBrowserInspector().inspect;
  }
  return undefined;
}
