import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { storageMachine } from './storage.ts';
import { mergeHiddenSources, withHidden, withoutHidden } from '../src/domain/hidden-sources.ts';

/**
 * Hidden outlets (docs/product.md#hide-an-outlet). "Hide stories from {source}" hides an outlet
 * (emitting `source.hidden`: the page shows a toast with "Undo"), "Undo" and "Show stories from
 * {source}" show it again; with 100 hidden, one more is refused (`source.refused`). Each change goes
 * to the child `storage` (machines/storage.ts) to be written to `newsHiddenSources`; a refused write
 * leaves the outlets hidden in memory for the page's life. Stored values reach it read
 * (src/domain/hidden-sources.ts).
 */

export interface HiddenSourcesInput {
  /** The stored outlets (`newsHiddenSources`), read; [] when absent or unreadable. */
  sources: string[];
}

export interface HiddenSourcesContext {
  /** Newest hidden first, at most 100. */
  sources: string[];
}

export type HiddenSourcesEvent =
  /** "Hide stories from {source}" (a card's or the story page's "More options"). */
  | { type: 'hidden.hide'; source: string }
  /** "Undo" on the toast, or "Show stories from {source}" in the "Hidden outlets" dialog. */
  | { type: 'hidden.show'; source: string }
  /** The stored outlets changed in another tab, read. */
  | { type: 'hidden.storage.changed'; sources: string[] }
  /** A file of "Your reading" brought these, read: joined to the outlets hidden here. */
  | { type: 'hidden.import'; sources: string[] };

export type HiddenSourcesEmitted = { type: 'source.hidden'; source: string } | { type: 'source.shown'; source: string } | { type: 'source.refused'; source: string };

export const hiddenSourcesMachine = setup({
  types: {
    context: {} as HiddenSourcesContext,
    events: {} as HiddenSourcesEvent,
    input: {} as HiddenSourcesInput,
    emitted: {} as HiddenSourcesEmitted,
  },
  actors: {
    /** Writes `newsHiddenSources` (its `write` injected: rejects when storage refuses). */
    storage: storageMachine,
  },
  actions: {
    hide: enqueueActions(({ context, enqueue }, { source }: { source: string }) => {
      const sources = withHidden(context.sources, source);
      if (sources === null) {
        enqueue.emit({ type: 'source.refused', source });
        return;
      }
      enqueue.assign({ sources });
      enqueue.emit({ type: 'source.hidden', source });
      enqueue.sendTo('storage', { type: 'storage.write', value: sources });
    }),
    show: enqueueActions(({ context, enqueue }, { source }: { source: string }) => {
      const sources = withoutHidden(context.sources, source);
      enqueue.assign({ sources });
      enqueue.emit({ type: 'source.shown', source });
      enqueue.sendTo('storage', { type: 'storage.write', value: sources });
    }),
    adoptStored: assign((_, { sources }: { sources: string[] }) => ({ sources })),
    adoptImported: assign(({ context }, { sources }: { sources: string[] }) => ({ sources: mergeHiddenSources(context.sources, sources) })),
    /** The outlets as they are now, to storage. */
    save: sendTo('storage', ({ context }) => ({ type: 'storage.write' as const, value: context.sources })),
  },
  guards: {
    isHidden: ({ context }, { source }: { source: string }) => context.sources.includes(source),
  },
}).createMachine({
  id: 'hiddenSources',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ sources: input?.sources ?? [] }),
  invoke: { id: 'storage', src: 'storage' },
  on: {
    // Hiding an outlet already hidden, or showing one that is not, changes nothing and says nothing.
    'hidden.hide': [{ guard: { type: 'isHidden', params: ({ event }) => event } }, { actions: { type: 'hide', params: ({ event }) => event } }],
    'hidden.show': { guard: { type: 'isHidden', params: ({ event }) => event }, actions: { type: 'show', params: ({ event }) => event } },
    'hidden.storage.changed': { actions: { type: 'adoptStored', params: ({ event }) => event } },
    'hidden.import': { actions: [{ type: 'adoptImported', params: ({ event }) => event }, 'save'] },
  },
});
