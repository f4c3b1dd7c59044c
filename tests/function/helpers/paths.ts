import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES_DIR = resolve(REPO_ROOT, 'tests/fixtures/feeds');
export const FUNCTION_DIR = resolve(REPO_ROOT, 'supabase/functions/fetch-news');

/**
 * The third-party corpus: feed files and expected parses from other parsers' test suites, kept in the
 * repository in their upstream layout (origin, version and licence of each set: tests/fixtures/feeds/NOTICE.md).
 */
export const CORPUS_DIR = resolve(FIXTURES_DIR, 'corpus');

export function corpusDir(): string {
  if (!existsSync(CORPUS_DIR)) {
    throw new Error(`The feed corpus is missing: expected it at ${CORPUS_DIR} (tests/fixtures/feeds/corpus).`);
  }
  return CORPUS_DIR;
}
