/**
 * A front page of one's own (docs/product.md#a-front-page-of-ones-own): the hidden outlets', read
 * marks' and "Your reading" machines with their real effects (localStorage, the file chosen, the
 * download), what they start from, and how components read them.
 */
import { fromPromise, type SnapshotFrom } from 'xstate';
import { hiddenSourcesMachine, type HiddenSourcesInput } from '../../machines/hiddenSources.ts';
import { readingMachine, type ChosenFile } from '../../machines/reading.ts';
import { readMarksMachine, type ReadMarksInput } from '../../machines/readMarks.ts';
import { storageMachine } from '../../machines/storage.ts';
import { downloadText, readStorage, writeStorage } from '../browser/browser.ts';
import { HIDDEN_SOURCES_STORAGE_KEY, READ_STORAGE_KEY } from '../browser/storage-keys.ts';
import { storageWriter } from '../browser/storage-writer.ts';
import { parseHiddenSources, serializeHiddenSources } from '../domain/hidden-sources.ts';
import { parseReadMarks, serializeReadMarks } from '../domain/read-marks.ts';
import { usePageActor, usePageSelector } from '../system/page-system.ts';

export const appHiddenSourcesMachine = hiddenSourcesMachine.provide({
  actors: { storage: storageMachine.provide({ actors: { write: storageWriter<string[]>((sources) => writeStorage(HIDDEN_SOURCES_STORAGE_KEY, serializeHiddenSources(sources))) } }) },
});

export const appReadMarksMachine = readMarksMachine.provide({
  actors: { storage: storageMachine.provide({ actors: { write: storageWriter<string[]>((ids) => writeStorage(READ_STORAGE_KEY, serializeReadMarks(ids))) } }) },
});

/** A file the visitor chose: a browser `File` (its `text()` reads it off the main thread's parser). */
export interface BrowserFile extends ChosenFile {
  text(): Promise<string>;
}

const isBrowserFile = (file: ChosenFile): file is BrowserFile => typeof (file as Partial<BrowserFile>).text === 'function';

export const appReadingMachine = readingMachine.provide({
  actors: {
    readFile: fromPromise<string, { file: ChosenFile }>(async ({ input }) => {
      if (!isBrowserFile(input.file)) throw new Error('Not a file');
      return input.file.text();
    }),
    download: fromPromise<void, { name: string; text: string }>(async ({ input }) => downloadText(input.name, input.text)),
  },
});

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
