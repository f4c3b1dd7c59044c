/**
 * The page's code stays findable (docs/architecture.md): every room of src/ says in a README what it
 * owns. Which room may import which is eslint.config.js's to say, at every depth (tests/lint/boundaries.test.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'src');
const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());

describe('the layout of src/', () => {
  it('has the rooms of docs/architecture.md, each with its README', () => {
    const rooms = ['app', 'api', 'feed', 'stories', 'story-page', 'share', 'search', 'bookmarks', 'follow', 'alerts', 'reader', 'front-page', 'offline', 'appearance', 'toasts', 'system', 'browser', 'ui'];
    expect(folders.sort()).toEqual([...rooms, 'domain', 'theme'].sort());
    for (const room of rooms) expect(readdirSync(join(src, room)), room).toContain('README.md');
  });
});
