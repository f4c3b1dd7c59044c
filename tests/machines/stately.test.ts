/**
 * Stately's editor, its VS Code extension and "Import from code" read a machine file
 * statically, with @xstate/machine-extractor. Each file must show them every state and every
 * transition the running machine has: no state built by a helper, no spread, no mapped
 * transition, no computed target (docs/machines.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { alertsMachine } from '../../machines/alerts.ts';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { feedMachine } from '../../machines/feed.ts';
import { followsMachine } from '../../machines/follows.ts';
import { hiddenSourcesMachine } from '../../machines/hiddenSources.ts';
import { notificationsMachine } from '../../machines/notifications.ts';
import { searchMachine } from '../../machines/search.ts';
import { olderStoriesMachine } from '../../machines/olderStories.ts';
import { pageMachine } from '../../machines/page.ts';
import { readingMachine } from '../../machines/reading.ts';
import { readMarksMachine } from '../../machines/readMarks.ts';
import { shareMachine } from '../../machines/share.ts';
import { storageMachine } from '../../machines/storage.ts';
import { storyPageMachine } from '../../machines/storyPage.ts';
import { themeMachine } from '../../machines/theme.ts';
import { extractedInventory, runningInventory } from './support/inventory.ts';

const machines: Array<[file: string, machine: AnyStateMachine]> = [
  ['machines/feed.ts', feedMachine],
  ['machines/search.ts', searchMachine],
  ['machines/theme.ts', themeMachine],
  ['machines/bookmarks.ts', bookmarksMachine],
  ['machines/share.ts', shareMachine],
  ['machines/olderStories.ts', olderStoriesMachine],
  ['machines/archiveSearch.ts', archiveSearchMachine],
  ['machines/page.ts', pageMachine],
  ['machines/follows.ts', followsMachine],
  ['machines/alerts.ts', alertsMachine],
  ['machines/notifications.ts', notificationsMachine],
  ['machines/storage.ts', storageMachine],
  ['machines/storyPage.ts', storyPageMachine],
  ['machines/hiddenSources.ts', hiddenSourcesMachine],
  ['machines/readMarks.ts', readMarksMachine],
  ['machines/reading.ts', readingMachine],
];

describe('what Stately reads from each machine file', () => {
  it('covers every machine file', () => {
    // report.ts holds no machine: where a machine of the page sends what it tells the page.
    const files = readdirSync('machines').filter((name) => name.endsWith('.ts') && name !== 'report.ts').map((name) => `machines/${name}`);
    expect(files.sort()).toEqual(machines.map(([file]) => file).sort());
  });

  it.each(machines)('%s: every state and transition of the running machine', (file, machine) => {
    const running = runningInventory(machine);
    const extracted = extractedInventory(readFileSync(file, 'utf8'));
    console.info(
      `${file}: running ${running.states.length} states, ${running.transitions.length} transitions; ` +
        `extracted ${extracted.states.length} states, ${extracted.transitions.length} transitions`,
    );
    expect(extracted.states).toEqual(running.states);
    expect(extracted.transitions).toEqual(running.transitions);
  });
});
