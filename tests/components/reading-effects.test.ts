// @vitest-environment jsdom
/**
 * "Your reading"'s file work in the browser (src/front-page/later/effects.ts): the file chosen read
 * through the file's rules, and the export offered as `newsroom-reading.json`.
 */
import { File } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadReading, readReadingFile } from '../../src/front-page/later/effects.ts';
import type { Reading } from '../../src/domain/reading-file.ts';

const reading: Reading = {
  bookmarks: { ids: ['a'], stories: [] },
  follows: [{ id: 'f', followed_at: '2026-11-20T10:00:00.000Z', seen: 2 }],
  hiddenSources: ['Daily Wire'],
  read: ['r1'],
  alerts: [{ words: 'harbour strike', created_at: '2026-11-20T07:00:00.000Z' }],
};
const at = '2026-11-21T08:00:00.000Z';

afterEach(() => vi.restoreAllMocks());

/** A blob's text, as jsdom's blobs give it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe("Your reading's file", () => {
  it('reads a Newsroom export the visitor chose', async () => {
    const text = JSON.stringify({ format: 'newsroom-reading', version: 1, exported_at: at, bookmarks: ['a'], follows: reading.follows, hidden_sources: ['Daily Wire'], read: ['r1'], alerts: reading.alerts });
    await expect(readReadingFile(new File([text], 'newsroom-reading.json'))).resolves.toEqual(reading);
  });

  it('reads anything else as not an export', async () => {
    await expect(readReadingFile(new File(['{"format":"something else"}'], 'notes.json'))).resolves.toBeNull();
    await expect(readReadingFile(new File(['not json'], 'notes.txt'))).resolves.toBeNull();
  });

  it('refuses what is not a file it can read', async () => {
    await expect(readReadingFile({ size: 10 })).rejects.toThrow('Not a file');
  });

  it('offers the export as newsroom-reading.json, with what this browser keeps and the time', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:reading';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    downloadReading({ reading, at });
    expect(clicked).toEqual([{ href: 'blob:reading', download: 'newsroom-reading.json' }]);
    expect(JSON.parse(await textOf(blobs[0] as Blob))).toEqual({
      format: 'newsroom-reading',
      version: 1,
      exported_at: at,
      bookmarks: ['a'],
      saved_stories: [],
      follows: reading.follows,
      hidden_sources: ['Daily Wire'],
      read: ['r1'],
      alerts: reading.alerts,
    });
  });
});
