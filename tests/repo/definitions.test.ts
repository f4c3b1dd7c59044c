/**
 * Each limit, timeout and type that the page and the function share, or that several of the
 * page's parts obey, is defined once, where its meaning lives, and imported everywhere else
 * (docs/architecture.md#each-thing-once). A second definition, or the number written again
 * instead of imported, fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'machines', 'supabase/functions'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file));
const texts = new Map(sources.map((file) => [file, readFileSync(`${root}/${file}`, 'utf8')]));

/** The files that define `name` (an exported or local const, function, interface or type). */
function definitionsOf(name: string): string[] {
  const definition = new RegExp(`^\\s*(export\\s+)?(const|let|function|interface|type|class)\\s+${name}\\b`, 'm');
  return [...texts].filter(([, text]) => definition.test(text)).map(([file]) => file);
}

describe('defined once', () => {
  it.each([
    // What the function and the page both obey: the Story contract.
    ['MAX_RELATED', 'supabase/functions/_shared/story.ts'],
    ['MAX_STORIES', 'supabase/functions/_shared/story.ts'],
    ['MAX_IDS', 'supabase/functions/_shared/story.ts'],
    ['Story', 'supabase/functions/_shared/story.ts'],
    ['Report', 'supabase/functions/_shared/story.ts'],
    ['StoryCoverage', 'supabase/functions/_shared/story.ts'],
    ['MAX_FOLLOWS', 'supabase/functions/_shared/story.ts'],
    // The page's calls to the function: their answer and their time.
    ['FeedPage', 'src/domain/story.ts'],
    // A story's page: its address and its answer, read in one place.
    ['storyPagePath', 'src/domain/coverage.ts'],
    ['coverageFromAnswer', 'src/domain/coverage.ts'],
    ['CALL_TIMEOUT_MS', 'src/domain/story.ts'],
    // What the browser keeps, read in one place each.
    ['KeptStories', 'src/domain/kept-feed.ts'],
    ['SAVED_STORIES_MAX', 'src/domain/saved-stories.ts'],
    ['parseStoredBookmarks', 'src/domain/saved-stories.ts'],
    ['parseStoredTheme', 'src/domain/theme.ts'],
    ['ShareTarget', 'src/domain/share.ts'],
  ])('%s, in %s', (name, home) => {
    expect(definitionsOf(name)).toEqual([home]);
  });

  it('the 10 s a call may take is written nowhere else in the page', () => {
    // on-demand.ts waits 10 s for the host's answer about a file that failed to load: no call of the function.
    const elsewhere = new Set(['src/domain/story.ts', 'src/browser/on-demand.ts']);
    const written = [...texts].filter(([file, text]) => !file.startsWith('supabase/') && !elsewhere.has(file) && /\b10_?000\b/.test(text)).map(([file]) => file);
    expect(written).toEqual([]);
  });

  it('the machines say their events with typed params, not assertEvent', () => {
    expect([...texts].filter(([file, text]) => file.startsWith('machines/') && /\bassertEvent\b/.test(text)).map(([file]) => file)).toEqual([]);
  });
});
