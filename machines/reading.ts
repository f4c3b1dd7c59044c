import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { tellPage, type Reporting } from './report.ts';
import type { Reading } from '../src/domain/reading-file.ts';

/**
 * "Your reading" (docs/product.md#your-reading-in-another-browser): the export of what this browser
 * keeps to `newsroom-reading.json`, and the import of such a file. An import over 5 MB is refused
 * before it is read; a file read is checked (src/domain/reading-file.ts, by the injected `readFile`,
 * which comes with the page's later part): a Newsroom export goes to the page (`reading.imported`),
 * which has each owner join its section to its own; anything else changes nothing. Each outcome is
 * emitted, for the toasts.
 */

/** A larger file is refused before it is read (docs/product.md#timings-and-constants). */
export const READING_FILE_MAX_BYTES = 5_000_000;

/** What "Export" writes: what this browser keeps, and the time of export (ISO). */
export interface ReadingExport {
  reading: Reading;
  at: string;
}

/** A file the visitor chose: its size, and its text read (injected reading: `readFile`). */
export interface ChosenFile {
  size: number;
}

export interface ReadingContext extends Reporting {
  /** What is being written. */
  download: ReadingExport | null;
  /** The file being read. */
  file: ChosenFile | null;
}

export type ReadingEvent =
  /** "Export": what this browser keeps now, and the time (ISO). */
  | { type: 'reading.export'; reading: Reading; at: string }
  /** "Import": the file chosen. */
  | { type: 'reading.import'; file: ChosenFile };

/** What the reading tells the page (machines/page.ts): a file's sections, read, for their owners to join. */
export type ReadingReport = { type: 'reading.imported'; reading: Reading };

export type ReadingEmitted =
  | { type: 'reading.exported' }
  | { type: 'reading.exportFailed' }
  /** The file was a Newsroom export: its follows, for the notifications' offer. */
  | { type: 'reading.imported'; follows: number }
  | { type: 'reading.refused' };

export const readingMachine = setup({
  types: {
    context: {} as ReadingContext,
    events: {} as ReadingEvent,
    input: {} as Reporting | void,
    emitted: {} as ReadingEmitted,
  },
  actors: {
    /** Injected: what the file carries, or null when it is not a Newsroom export; rejects when it cannot be read. */
    readFile: fromPromise<Reading | null, { file: ChosenFile | null }>(() => Promise.reject(new Error('readFile is provided by the app'))),
    /** Injected: offers the reading as the download `newsroom-reading.json`; rejects when it cannot. */
    download: fromPromise<void, ReadingExport | null>(() => Promise.reject(new Error('download is provided by the app'))),
  },
  actions: {
    keepExport: assign((_, { reading, at }: ReadingExport) => ({ download: { reading, at } })),
    keepFile: assign((_, { file }: { file: ChosenFile }) => ({ file })),
    /** The file is read or written: nothing of it stays. */
    forget: assign({ download: null, file: null }),
    emitExported: emit({ type: 'reading.exported' }),
    emitExportFailed: emit({ type: 'reading.exportFailed' }),
    emitRefused: emit({ type: 'reading.refused' }),
    adoptFile: enqueueActions(({ context, enqueue, self }, { reading }: { reading: Reading | null }) => {
      if (reading === null) {
        enqueue.emit({ type: 'reading.refused' });
        return;
      }
      tellPage({ context, self, enqueue }, { type: 'reading.imported', reading } satisfies ReadingReport);
      enqueue.emit({ type: 'reading.imported', follows: reading.follows.length });
    }),
  },
  guards: {
    /** Over 5 MB: refused unread, so a large file never holds the page up. */
    tooLarge: (_, { file }: { file: ChosenFile }) => file.size > READING_FILE_MAX_BYTES,
  },
}).createMachine({
  id: 'reading',
  // `input?.`: Stately's visualizer and inspector start the machine with no input at all.
  context: ({ input }) => ({ download: null, file: null, reportTo: input?.reportTo }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reading.export': { target: 'exporting', actions: { type: 'keepExport', params: ({ event }) => event } },
        'reading.import': [{ guard: { type: 'tooLarge', params: ({ event }) => event }, actions: 'emitRefused' }, { target: 'importing', actions: { type: 'keepFile', params: ({ event }) => event } }],
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        // Never null here (`reading.export` keeps it as it enters); the injected actor refuses a null all the same.
        input: ({ context }) => context.download,
        onDone: { target: 'idle', actions: ['forget', 'emitExported'] },
        onError: { target: 'idle', actions: ['forget', 'emitExportFailed'] },
      },
    },
    importing: {
      tags: ['busy'],
      invoke: {
        id: 'readFile',
        src: 'readFile',
        // Never null here (`reading.import` keeps it as it enters); the injected actor reads a null as no file.
        input: ({ context }) => ({ file: context.file }),
        onDone: { target: 'idle', actions: ['forget', { type: 'adoptFile', params: ({ event }) => ({ reading: event.output }) }] },
        onError: { target: 'idle', actions: ['forget', 'emitRefused'] },
      },
    },
  },
});
