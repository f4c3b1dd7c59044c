/**
 * "Your reading"'s file work, with the page's later part (the dialog that asks for it comes with it
 * too): the file's rules (src/domain/reading-file.ts) stay out of the first render.
 */
import type { ChosenFile, ReadingExport } from '../../../machines/reading.ts';
import { downloadText } from '../../browser/download.ts';
import { READING_FILE_NAME, readingFileText, readingFromFile, type Reading } from '../../domain/reading-file.ts';

/** A file the visitor chose: a browser `File` (its `text()` reads it off the main thread's parser). */
interface BrowserFile extends ChosenFile {
  text(): Promise<string>;
}

const isBrowserFile = (file: ChosenFile): file is BrowserFile => typeof (file as Partial<BrowserFile>).text === 'function';

/** What the chosen file carries, or null when it is not a Newsroom export; rejects when it cannot be read. */
export async function readReadingFile(file: ChosenFile): Promise<Reading | null> {
  if (!isBrowserFile(file)) throw new Error('Not a file');
  return readingFromFile(await file.text());
}

/** Offers the reading as `newsroom-reading.json`. */
export function downloadReading({ reading, at }: ReadingExport): void {
  downloadText(READING_FILE_NAME, readingFileText(reading, at));
}
