// The areas of `npm run test:mutation -- <area>` (docs/testing.md#mutation-testing): what each
// mutates and which test files may test it. A run mutates one *unit* (an area, or one file or
// folder of an area that is split) and runs only the candidate test files that reach the unit's
// code through their imports, so that a static mutant (code run when a module loads, such as a
// machine's configuration: it runs every test of its unit) runs a small set.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

const fnLeftOut = ['deno', 'deno-lock', 'e2e', 'function-command', 'network-namespace', 'scripts'].map((name) => `tests/function/${name}.test.ts`);

/**
 * mutate: files or folders (their .ts/.tsx files). tests: candidate test files or folders.
 * split: 'file' or 'folder' runs each file (or sub-folder) of `mutate` as a unit of its own; an
 *   object names units of their own ({ name: files }), the rest being the area's unit.
 * always: test files a unit runs though they import none of its code.
 * directOnly: slow test files, run only for a unit whose file they import themselves.
 * leaveOut: candidates never run (the reason is in docs/testing.md).
 */
export const AREAS = {
  machines: {
    mutate: ['machines'],
    tests: ['tests/machines'],
    split: 'file',
    // The Stately reader parses the files' text; diagrams.test.ts compares docs/machines.md with
    // the machines' structure, so it "kills" every change of a configuration without any behaviour.
    leaveOut: ['tests/machines/stately.test.ts', 'tests/machines/diagrams.test.ts'],
  },
  domain: { mutate: ['src/domain'], tests: ['tests/domain', 'tests/search', 'tests/machines/saved-storage.test.ts'] },
  shared: {
    mutate: ['net', 'parse', 'text', 'stories', 'ingest'].map((folder) => `supabase/functions/_shared/${folder}`),
    tests: ['tests/function'],
    split: 'folder',
    leaveOut: fnLeftOut,
  },
  'service-worker': {
    mutate: ['src/offline/service-worker.ts', 'src/offline/policy.ts'],
    tests: ['tests/offline'],
    // It builds src/offline/service-worker.ts from its path, as the site's build does.
    always: ['tests/offline/sw.test.ts'],
  },
  stories: {
    mutate: readdirSync(join(root, 'src/stories')).filter((name) => name.endsWith('.tsx')).map((name) => `src/stories/${name}`),
    tests: ['tests/components', 'tests/ui/story-area.test.tsx'],
    // Its tests draw 210 cards each (up to 90 s): they run for StoryArea.tsx alone, not for every card mutant.
    split: { StoryArea: ['src/stories/StoryArea.tsx'] },
    directOnly: ['tests/ui/story-area.test.tsx'],
  },
  search: {
    mutate: readdirSync(join(root, 'src/search')).filter((name) => name.endsWith('.tsx')).map((name) => `src/search/${name}`),
    tests: ['tests/components', 'tests/ui/query-field.test.tsx'],
  },
  // The rendered app's suites reach most of it: about a minute a mutant (docs/testing.md).
  browser: { mutate: ['src/browser'], tests: ['tests/browser', 'tests/ui/home.test.tsx', 'tests/ui/reader-memory.test.tsx', 'tests/ui/kept-stories.test.tsx', 'tests/ui/reload-itself.test.tsx'] },
  system: { mutate: ['src/system/page-system.ts'], tests: ['tests/ui/page-system.test.tsx', 'tests/ui/hydration.test.tsx', 'tests/ui/home.test.tsx'] },
};

const isSource = (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The files under a path (itself if a file), relative to the root, sorted. */
function filesUnder(path) {
  const full = join(root, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((file) => statSync(join(root, file)).isFile())
    .sort();
}

const importsCache = new Map();
/** The relative imports of a file (static, dynamic and re-exports), resolved from the root. */
function importsOf(file) {
  if (!importsCache.has(file)) {
    const text = readFileSync(join(root, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]);
    const resolved = specifiers.map((specifier) => relative(root, resolve(join(root, dirname(file)), specifier)));
    importsCache.set(file, resolved.filter((path) => isSource(path) && existsSync(join(root, path))));
  }
  return importsCache.get(file);
}

/** Whether a test file reaches any of the files through its imports, however deep. */
function reaches(testFile, targets) {
  const seen = new Set();
  const stack = [testFile];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (targets.has(file)) return true;
    stack.push(...importsOf(file));
  }
  return false;
}

/** The units of an area: [name, files to mutate]. */
function unitsOf(name, area) {
  const files = area.mutate.flatMap(filesUnder).filter(isSource);
  if (area.split === 'file') return files.map((file) => [`${name}/${file.split('/').pop().replace(/\.tsx?$/, '')}`, [file]]);
  if (area.split === 'folder') return area.mutate.map((folder) => [`${name}/${folder.split('/').pop()}`, filesUnder(folder).filter(isSource)]);
  const own = Object.entries(area.split ?? {}).map(([unit, unitFiles]) => [`${name}/${unit}`, unitFiles]);
  const rest = files.filter((file) => !own.some(([, unitFiles]) => unitFiles.includes(file)));
  return [[name, rest], ...own];
}

/** Every unit by name: its files, its test files, its record. */
export function units() {
  const all = new Map();
  for (const [name, area] of Object.entries(AREAS)) {
    const candidates = area.tests.flatMap(filesUnder).filter((file) => isTest(file) && !(area.leaveOut ?? []).includes(file));
    for (const [unit, mutate] of unitsOf(name, area)) {
      const targets = new Set(mutate);
      const direct = (file) => importsOf(file).some((imported) => targets.has(imported));
      const tests = candidates.filter(
        (file) => (area.always ?? []).includes(file) || ((area.directOnly ?? []).includes(file) ? direct(file) : reaches(file, targets)),
      );
      all.set(unit, { area: name, mutate, tests, incrementalFile: `tests/mutation/incremental/${unit}.json` });
    }
  }
  return all;
}

/** The units an argument names: an area (all its units) or one unit. */
export function select(names) {
  const all = units();
  return names.flatMap((name) => {
    const found = [...all.keys()].filter((unit) => unit === name || all.get(unit).area === name);
    if (found.length === 0) throw new Error(`No mutation area or unit "${name}". Areas: ${Object.keys(AREAS).join(', ')}; units: ${[...all.keys()].join(', ')}`);
    return found;
  });
}
