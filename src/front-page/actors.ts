/**
 * A front page of one's own (docs/product.md#a-front-page-of-ones-own): the hidden outlets', read
 * marks' and "Your reading" machines with their real effects (localStorage; the file chosen and the
 * download, with the page's later part), what they start from, and how components read them.
 */
import { fromPromise, type SnapshotFrom } from 'xstate';
import { hiddenSourcesMachine, type HiddenSourcesInput } from '../../machines/hiddenSources.ts';
import { readingMachine, type ChosenFile, type ReadingExport } from '../../machines/reading.ts';
import { readMarksMachine, type ReadMarksInput } from '../../machines/readMarks.ts';
import { storageMachine } from '../../machines/storage.ts';
import { readStorage, writeStorage } from '../browser/browser.ts';
import { HIDDEN_SOURCES_STORAGE_KEY, READ_STORAGE_KEY } from '../browser/storage-keys.ts';
import { storageWriter } from '../browser/storage-writer.ts';
import { parseHiddenSources, serializeHiddenSources } from '../domain/hidden-sources.ts';
import { parseReadMarks, serializeReadMarks } from '../domain/read-marks.ts';
import type { Reading } from '../domain/reading-file.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';

export const appHiddenSourcesMachine = hiddenSourcesMachine.provide({
  actors: { storage: storageMachine.provide({ actors: { write: storageWriter<string[]>((sources) => writeStorage(HIDDEN_SOURCES_STORAGE_KEY, serializeHiddenSources(sources))) } }) },
});

export const appReadMarksMachine = readMarksMachine.provide({
  actors: { storage: storageMachine.provide({ actors: { write: storageWriter<string[]>((ids) => writeStorage(READ_STORAGE_KEY, serializeReadMarks(ids))) } }) },
});

/** The file's reading and writing (later/effects.ts), which come with the page's later part, as the dialog that asks for them does. */
export type ReadingEffects = typeof import('./later/effects.ts');

export function appReadingMachine(effects: () => Promise<ReadingEffects>) {
  return readingMachine.provide({
    actors: {
      readFile: fromPromise<Reading | null, { file: ChosenFile | null }>(async ({ input: { file } }) => (file === null ? null : (await effects()).readReadingFile(file))),
      download: fromPromise<void, ReadingExport | null>(async ({ input }) => {
        if (input === null) throw new Error('Nothing to write');
        (await effects()).downloadReading(input);
      }),
    },
  });
}

export function readHiddenSourcesInput(): HiddenSourcesInput {
  return { sources: parseHiddenSources(readStorage(HIDDEN_SOURCES_STORAGE_KEY)) };
}

export function readReadMarksInput(): ReadMarksInput {
  return { ids: parseReadMarks(readStorage(READ_STORAGE_KEY)) };
}

export const useHiddenSourcesActor = () => usePageActor('hiddenSources');
export const useHiddenSources = () => usePageSelector('hiddenSources', (snapshot: SnapshotFrom<typeof hiddenSourcesMachine>) => snapshot.context.sources);
export const useReadMarksActor = () => usePageActor('readMarks');
export const useReadIds = () => usePageSelector('readMarks', (snapshot: SnapshotFrom<typeof readMarksMachine>) => snapshot.context.ids);
export const useReadingActor = () => usePageActor('reading');
export const useReadingBusy = () => usePageSelector('reading', (snapshot: SnapshotFrom<typeof readingMachine>) => snapshot.hasTag('busy'));
