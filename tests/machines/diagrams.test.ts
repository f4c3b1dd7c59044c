import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINES_DOC, updatedDoc } from '../../scripts/diagrams.ts';

describe('docs/machines.md', () => {
  it('shows the current machine definitions (run `npm run diagrams` after changing a machine)', () => {
    const doc = readFileSync(MACHINES_DOC, 'utf8');
    expect(doc).toBe(updatedDoc(doc));
  });
});
