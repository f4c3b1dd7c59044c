/**
 * "Your reading" (docs/product.md#your-reading-in-another-browser): every state and transition,
 * replayed with a fake download and a fake file read. What a file must hold to be read:
 * tests/domain/front-page.test.ts; the file written and read by the page's effects: tests/components/reading-effects.test.ts.
 */
import { expect } from 'vitest';
import { readingMachine, type ChosenFile, type ReadingContext, type ReadingExport } from '../../machines/reading.ts';
import type { Reading } from '../../src/domain/reading-file.ts';
import type { Story } from '../../src/domain/story.ts';
import { definePathSuite } from './paths.ts';

const saved: Story = { id: 'a', title: 'Harbour bridge reopens', summary: '', source: 'Wire', url: 'https://news.example.org/a', published_at: '2026-11-20T09:00:00.000Z', category: 'World' };
const reading: Reading = {
  bookmarks: { ids: ['a'], stories: [saved] },
  follows: [{ id: 'f', followed_at: '2026-11-20T10:00:00.000Z', seen: 2 }],
  hiddenSources: ['Daily Wire'],
  read: ['r1', 'r2'],
  alerts: [{ words: 'harbour strike', created_at: '2026-11-20T07:00:00.000Z' }],
};
const at = '2026-11-21T08:00:00.000Z';
const small: ChosenFile = { size: 2_048 };
// Just over 5 MB: refused before it is read.
const large: ChosenFile = { size: 5_000_001 };
// A Newsroom export, as the file read gives it.
const imported: Reading = { bookmarks: { ids: ['a'], stories: [] }, follows: [], hiddenSources: ['Gazette'], read: ['r9'], alerts: [] };

definePathSuite({
  name: 'reading',
  machine: readingMachine,
  events: [
    { type: 'reading.export', reading, at },
    { type: 'reading.import', file: small },
    { type: 'reading.import', file: large },
    { type: 'xstate.done.actor.readFile', output: imported },
    // Not a Newsroom export.
    { type: 'xstate.done.actor.readFile', output: null },
    { type: 'xstate.error.actor.readFile', error: new DOMException('The file could not be read', 'NotReadableError') },
    { type: 'xstate.done.actor.download' },
    { type: 'xstate.error.actor.download', error: new Error('Downloads are blocked') },
  ],
  delays: {},
  expectedPaths: 8,
  arrange: (fakes) =>
    readingMachine.provide({
      actors: { readFile: fakes.actor<Reading | null, { file: ChosenFile | null }>('readFile'), download: fakes.actor<void, ReadingExport | null>('download') },
    }),
  check({ event, after, fakes, emitted }) {
    const context = after.context as ReadingContext;
    if (event.type === 'reading.export') {
      // What this browser keeps and the time of export go to the download.
      const call = fakes.calls.at(-1);
      expect(call?.src).toBe('download');
      expect(call?.input).toEqual({ reading, at });
      expect(emitted).toEqual([]);
    }
    if (event.type === 'reading.import') {
      const file = event.file as ChosenFile;
      if (file.size > 5_000_000) {
        // Refused unread.
        expect(fakes.count('readFile')).toBe(0);
        expect(emitted).toEqual([{ type: 'reading.refused' }]);
        expect(after.matches('idle')).toBe(true);
      } else {
        expect(fakes.calls.at(-1)).toMatchObject({ src: 'readFile', input: { file } });
        expect(after.hasTag('busy')).toBe(true);
      }
    }
    if (event.type === 'xstate.done.actor.readFile') {
      expect(emitted).toEqual(event.output === imported ? [{ type: 'reading.imported', follows: 0 }] : [{ type: 'reading.refused' }]);
    }
    if (event.type === 'xstate.error.actor.readFile') expect(emitted).toEqual([{ type: 'reading.refused' }]);
    if (event.type === 'xstate.done.actor.download') expect(emitted).toEqual([{ type: 'reading.exported' }]);
    if (event.type === 'xstate.error.actor.download') expect(emitted).toEqual([{ type: 'reading.exportFailed' }]);
    // Once read or written, nothing of the file stays.
    if (after.matches('idle')) expect(context).toEqual({ download: null, file: null });
    expect(fakes.isPending('readFile') || fakes.isPending('download')).toBe(after.hasTag('busy'));
  },
});
