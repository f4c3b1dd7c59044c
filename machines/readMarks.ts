import { assign, sendTo, setup } from 'xstate';
import { storageMachine } from './storage.ts';
import { mergeReadMarks, withoutRead, withRead } from '../src/domain/read-marks.ts';

/**
 * Read marks (docs/product.md#read). A story becomes read when its "Read more" or "Full coverage"
 * link is followed, `o` opens it, or "Mark as read" is chosen; "Mark as unread" undoes it. Each
 * change goes to the child `storage` (machines/storage.ts) to be written to `newsRead`; a refused
 * write leaves the marks in memory for the page's life. Stored values reach it read
 * (src/domain/read-marks.ts).
 */

export interface ReadMarksInput {
  /** The stored marks (`newsRead`), read; [] when absent or unreadable. */
  ids: string[];
}

export interface ReadMarksContext {
  /** Most recently read first, at most 1,000. */
  ids: string[];
}

export type ReadMarksEvent =
  /** "Read more", "Full coverage", `o` or "Mark as read": the story's id. */
  | { type: 'read.mark'; id: string }
  /** "Mark as unread". */
  | { type: 'read.unmark'; id: string }
  /** The stored marks changed in another tab, read. */
  | { type: 'read.storage.changed'; ids: string[] }
  /** A file of "Your reading" brought these, read: joined to the marks here. */
  | { type: 'read.import'; ids: string[] };

export const readMarksMachine = setup({
  types: {
    context: {} as ReadMarksContext,
    events: {} as ReadMarksEvent,
    input: {} as ReadMarksInput,
  },
  actors: {
    /** Writes `newsRead` (its `write` injected: rejects when storage refuses). */
    storage: storageMachine,
  },
  actions: {
    mark: assign(({ context }, { id }: { id: string }) => ({ ids: withRead(context.ids, id) })),
    unmark: assign(({ context }, { id }: { id: string }) => ({ ids: withoutRead(context.ids, id) })),
    adoptStored: assign((_, { ids }: { ids: string[] }) => ({ ids })),
    adoptImported: assign(({ context }, { ids }: { ids: string[] }) => ({ ids: mergeReadMarks(context.ids, ids) })),
    /** The marks as they are now, to storage. */
    save: sendTo('storage', ({ context }) => ({ type: 'storage.write' as const, value: context.ids })),
  },
  guards: {
    /** Already the most recent mark: nothing to write. */
    isLatest: ({ context }, { id }: { id: string }) => context.ids[0] === id,
    isRead: ({ context }, { id }: { id: string }) => context.ids.includes(id),
  },
}).createMachine({
  id: 'readMarks',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ ids: input?.ids ?? [] }),
  invoke: { id: 'storage', src: 'storage' },
  on: {
    'read.mark': [{ guard: { type: 'isLatest', params: ({ event }) => event } }, { actions: [{ type: 'mark', params: ({ event }) => event }, 'save'] }],
    'read.unmark': { guard: { type: 'isRead', params: ({ event }) => event }, actions: [{ type: 'unmark', params: ({ event }) => event }, 'save'] },
    'read.storage.changed': { actions: { type: 'adoptStored', params: ({ event }) => event } },
    'read.import': { actions: [{ type: 'adoptImported', params: ({ event }) => event }, 'save'] },
  },
});
