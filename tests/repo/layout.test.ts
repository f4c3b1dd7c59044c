/**
 * The page's code stays findable (docs/architecture.md): no folder of src/ holds more than 15
 * files, and every room says in a README what it owns; scripts/ stays small.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'src');
const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());

describe('the layout of src/', () => {
  it.each(folders)('src/%s holds at most 15 files', (folder) => {
    const files = readdirSync(join(src, folder)).filter((name) => statSync(join(src, folder, name)).isFile());
    expect(files.length).toBeLessThanOrEqual(15);
  });

  it('has the rooms of docs/architecture.md, each with its README', () => {
    const rooms = ['app', 'feed', 'stories', 'search', 'bookmarks', 'follow', 'reader', 'offline', 'appearance', 'toasts', 'system', 'browser', 'ui'];
    expect(folders.sort()).toEqual([...rooms, 'domain', 'theme'].sort());
    for (const room of rooms) expect(readdirSync(join(src, room)), room).toContain('README.md');
  });
});

describe('scripts/', () => {
  // What the benchmarks and the build need, and no machinery a maintained package already has.
  it('holds at most 2,000 lines', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'scripts'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    const lines = files.reduce((sum, file) => sum + readFileSync(join(root, file), 'utf8').split('\n').length - 1, 0);
    expect(lines).toBeLessThanOrEqual(2000);
  });
});
