// The backend's layers are a rule, not a promise (docs/deploy.md#the-backends-code): supabase/functions/_shared
// is the bottom layer and imports nothing from a function's folder, and inside it each stage imports only
// the stages below it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/paths.ts';

const SHARED = join(REPO_ROOT, 'supabase/functions/_shared');

/** What each folder of _shared may import, besides itself and the contracts the page shares (story.ts, alerts.ts). */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  text: [],
  parse: ['text'],
  net: [],
  stories: ['parse', 'text'],
  store: ['net', 'stories'],
  push: ['net'],
  ingest: ['net', 'parse', 'stories', 'store', 'text'],
  // The scheduled work: the step, its policy and the push queue, above the feed fetcher and the pushes it drives.
  work: ['ingest', 'push', 'stories', 'store'],
  http: ['ingest', 'net', 'push', 'store', 'stories', 'text', 'work', 'sources.json'],
};

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'/g)].map((match) => match[1] as string).filter((specifier) => specifier.startsWith('.'));
}

const files = readdirSync(SHARED, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(SHARED, name));

describe('supabase/functions/_shared', () => {
  it('holds the feed-reading library by stage, with the contracts and nothing else at its top', () => {
    expect(readdirSync(SHARED).sort()).toEqual(['alerts.ts', 'http', 'ingest', 'net', 'parse', 'push', 'sources.json', 'stories', 'store', 'story.ts', 'text', 'work'].sort());
  });

  it.each(files.map((file) => relative(SHARED, file)))('%s imports only from _shared, and only the stages below its own', (name) => {
    const stage = name.split('/')[0] as string;
    const allowed = new Set([stage, 'story.ts', 'alerts.ts', ...(MAY_IMPORT[stage] ?? [])]);
    for (const specifier of imports(join(SHARED, name))) {
      const target = relative(SHARED, resolve(dirname(join(SHARED, name)), specifier));
      expect(target.startsWith('..'), `${name} imports ${specifier}, outside _shared`).toBe(false);
      expect(allowed.has(target.split('/')[0] as string), `${name} imports ${specifier}`).toBe(true);
    }
  });

  it('sits beside the three functions alone, each folder its entry (and fetch-news the Deno config): what a deploy ships, no development-only file (supabase/local)', () => {
    const functions = join(REPO_ROOT, 'supabase/functions');
    expect(readdirSync(functions).sort()).toEqual(['_shared', 'fetch-news', 'follow-news', 'ingest-news']);
    expect(readdirSync(join(functions, 'fetch-news')).sort()).toEqual(['deno.json', 'deno.lock', 'index.ts']);
    for (const fn of ['ingest-news', 'follow-news']) expect(readdirSync(join(functions, fn)), fn).toEqual(['index.ts']);
  });

  it('gives each function a thin entry that starts the shared handler', () => {
    for (const fn of ['fetch-news', 'ingest-news', 'follow-news']) {
      const entry = join(REPO_ROOT, 'supabase/functions', fn, 'index.ts');
      expect(imports(entry).every((specifier) => specifier.startsWith('../_shared/http/')), fn).toBe(true);
      expect(readFileSync(entry, 'utf8').split('\n').length, fn).toBeLessThanOrEqual(30);
    }
  });
});
