import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { archiveSearchMachine } from '../../machines/archiveSearch.ts';
import { bookmarksMachine } from '../../machines/bookmarks.ts';
import { feedMachine } from '../../machines/feed.ts';
import { followsMachine } from '../../machines/follows.ts';
import { notificationsMachine } from '../../machines/notifications.ts';
import { searchMachine } from '../../machines/search.ts';
import { olderStoriesMachine } from '../../machines/olderStories.ts';
import { pageMachine } from '../../machines/page.ts';
import { shareMachine } from '../../machines/share.ts';
import { themeMachine } from '../../machines/theme.ts';
import { machineDiagram } from '../../scripts/machine-diagram.ts';
import { MACHINES_DOC, updatedDoc } from '../../scripts/diagrams.ts';
import { machineInventory } from './paths.ts';

describe('docs/machines.md', () => {
  it('shows the current machine definitions (run `npm run diagrams` after changing a machine)', () => {
    const doc = readFileSync(MACHINES_DOC, 'utf8');
    expect(doc).toBe(updatedDoc(doc));
  });

  it.each([pageMachine, feedMachine, searchMachine, themeMachine, bookmarksMachine, followsMachine, notificationsMachine, shareMachine, olderStoriesMachine, archiveSearchMachine])(
    'draws every transition of $id: one arrow or note per target, one note for a transition that changes no state',
    (machine) => {
      const lines = machineDiagram(machine).split('\n');
      const drawn = lines.filter((line) => / --> .+ : /.test(line) || /^\s*note right of .+ : (from|in) any state, /.test(line)).length;
      const expected = machineInventory(machine).transitions.reduce((sum, t) => sum + Math.max(1, t.target?.length ?? 0), 0);
      expect(drawn).toBe(expected);
    },
  );
});
