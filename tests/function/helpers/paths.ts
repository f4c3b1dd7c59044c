import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES_DIR = resolve(REPO_ROOT, 'tests/fixtures/feeds');
export const FUNCTION_DIR = resolve(REPO_ROOT, 'supabase/functions/fetch-news');

/** The third-party corpus: `shared/feeds` beside the repository (as CI clones it). */
export function corpusDir(): string {
  const dir = resolve(REPO_ROOT, '../shared/feeds');
  if (!existsSync(dir)) {
    throw new Error(`The feed corpus is missing: expected it at ${dir} (../shared/feeds relative to the repository root).`);
  }
  return dir;
}
