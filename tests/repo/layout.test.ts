/**
 * The page's code stays findable (docs/architecture.md): no folder of src/ holds more than 15
 * files, and every room says in a README what it owns.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));
const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());

describe('the layout of src/', () => {
  it.each(folders)('src/%s holds at most 15 files', (folder) => {
    const files = readdirSync(join(src, folder)).filter((name) => statSync(join(src, folder, name)).isFile());
    expect(files.length).toBeLessThanOrEqual(15);
  });

  it('has the rooms of docs/architecture.md, each with its README', () => {
    const rooms = ['app', 'feed', 'stories', 'search', 'bookmarks', 'reader', 'offline', 'appearance', 'toasts', 'browser', 'ui'];
    expect(folders.sort()).toEqual([...rooms, 'domain', 'theme'].sort());
    for (const room of rooms) expect(readdirSync(join(src, room)), room).toContain('README.md');
  });
});
