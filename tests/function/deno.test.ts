// The function's code on Deno itself: it type-checks under Deno's compiler, and
// the shared library gives the same results on Deno as on Node.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFiles } from './helpers/parse-files.ts';
import { corpusDir, FIXTURES_DIR, FUNCTION_DIR, REPO_ROOT } from './helpers/paths.ts';

const require = createRequire(import.meta.url);
const deno = (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
const CONFIG = `--config=${join(FUNCTION_DIR, 'deno.json')}`;
const LOCAL_NPM = '--node-modules-dir=manual';

function runDeno(args: string[]) {
  return spawnSync(deno, args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

describe('on Deno', () => {
  it('type-checks both Edge Function entries, the local server, the one-off ingest and the library', () => {
    const ingestDir = join(FUNCTION_DIR, '../ingest-news');
    const result = runDeno(['check', '--quiet', LOCAL_NPM, CONFIG, join(FUNCTION_DIR, 'index.ts'), join(ingestDir, 'index.ts'), join(REPO_ROOT, 'supabase/local/serve-local.ts'), join(REPO_ROOT, 'supabase/local/ingest-once.ts')]);
    expect(result.stderr + result.stdout).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);

  it('parses feeds exactly as Node does (fixtures and real-world corpus)', () => {
    const files = [
      // The project's own fixtures: the documents beside the corpus folder, not its notes.
      ...readdirSync(FIXTURES_DIR, { withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.md') && !entry.name.startsWith('.'))
        .map((entry) => join(FIXTURES_DIR, entry.name)),
      ...readdirSync(join(corpusDir(), 'real-world')).filter((name) => name.endsWith('.xml')).map((name) => join(corpusDir(), 'real-world', name)),
      ...readdirSync(join(corpusDir(), 'extras/miniflux/internal/reader/encoding/testdata')).map((name) =>
        join(corpusDir(), 'extras/miniflux/internal/reader/encoding/testdata', name),
      ),
    ];
    const result = runDeno(['run', '--quiet', LOCAL_NPM, CONFIG, `--allow-read=${REPO_ROOT}`, join(import.meta.dirname, 'deno/parse-files.ts'), ...files]);
    expect(result.stderr).toBe('');
    const onDeno = JSON.parse(result.stdout) as unknown;
    const onNode = JSON.parse(JSON.stringify(parseFiles(files))) as unknown;
    expect(onDeno).toEqual(onNode);
  }, 60_000);
});
