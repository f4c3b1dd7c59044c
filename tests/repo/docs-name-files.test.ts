/**
 * The docs cannot drift from the code (docs/architecture.md): every file or folder a README names
 * exists, and each walk of docs/architecture.md is a list of files, each importing the next or
 * imported by it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const readmes = tracked.filter((file) => file.endsWith('README.md') && !file.startsWith('tests/fixtures/') && existsSync(join(root, file)));

/** A name in backticks that looks like a file (with an extension) or a folder (ending in /); no spaces, wildcards or placeholders. */
const FILE_OR_FOLDER = /^[\w@.-][\w@./-]*(\.(ts|tsx|mjs|js|json|sql|md|html|toml|sh|txt|png|webmanifest)|\/)$/;

/** Every name a text gives in backticks, with its line. */
export function namedFiles(text: string): Array<{ name: string; line: number }> {
  return text.split('\n').flatMap((line, index) =>
    [...line.matchAll(/`([^`\s]+)`/g)].map((match) => (match[1] ?? '').replace(/#[\w-]+$/, '')).filter((name) => FILE_OR_FOLDER.test(name)).map((name) => ({ name, line: index + 1 })),
  );
}

const texts = new Map(readmes.map((readme) => [readme, readFileSync(join(root, readme), 'utf8')]));

/** The names git ignores (built or local folders: `dist-e2e/`, `.data/`), asked once. */
const ignoredNames = (() => {
  const names = [...new Set([...texts.values()].flatMap((text) => namedFiles(text).map(({ name }) => name)))];
  try {
    return new Set(execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: root, input: names.join('\n'), encoding: 'utf8' }).split('\n').filter(Boolean));
  } catch {
    return new Set<string>(); // exit code 1: none is ignored
  }
})();
const ignored = (name: string) => ignoredNames.has(name);

/** Where a name can be: beside the README or below it, or from the repository's root. A bare name with no folder may be anywhere below the README. */
function resolves(readme: string, name: string): boolean {
  const folder = dirname(readme);
  if (existsSync(resolve(root, folder, name)) || existsSync(resolve(root, name)) || ignored(name)) return true;
  if (name.includes('/')) return false;
  const prefix = folder === '.' ? '' : `${folder}/`;
  return tracked.some((file) => file.startsWith(prefix) && file.split('/').at(-1) === name);
}

describe('what the READMEs name', () => {
  it('reads names as files and folders, not commands or globs', () => {
    expect(namedFiles('`src/app/later.ts`, `later/`, `npm run bench`, `*.ts`, `.data/`, `page.ts`, `a b.ts`, `docs/product.md#the-store`').map(({ name }) => name)).toEqual([
      'src/app/later.ts',
      'later/',
      '.data/',
      'page.ts',
      'docs/product.md',
    ]);
  });

  it.each(readmes)('%s names only files that exist', (readme) => {
    const missing = namedFiles(texts.get(readme) ?? '').filter(({ name }) => !resolves(readme, name));
    expect(missing.map(({ name, line }) => `${readme}:${line}: ${name}`)).toEqual([]);
  });
});

/** The relative imports (static and dynamic, types too) of a source file, as paths from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => join(dirname(file), match[1] ?? ''));
}

/** The files of a walk: the first name in backticks of each item of the numbered list under `heading`. */
export function walkOf(doc: string, heading: string): string[] {
  const section = doc.split(/^## /m).find((part) => part.startsWith(heading));
  if (!section) throw new Error(`docs/architecture.md has no section "${heading}"`);
  return section
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => /`([^`]+)`/.exec(line)?.[1] ?? `(no file in: ${line})`);
}

describe('the walks of docs/architecture.md', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  it.each(['A story, from the function', 'A keypress, from the search box', "A card's link, to the story's page"])('"%s…": each file exists, and imports the next or is imported by it', (heading) => {
    const files = walkOf(doc, heading);
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
    const unlinked = files.slice(1).flatMap((next, i) => {
      const file = files[i] as string;
      return importsOf(file).includes(next) || importsOf(next).includes(file) ? [] : [`${file} -> ${next}`];
    });
    expect(unlinked).toEqual([]);
  });
});

describe("docs/architecture.md's room table", () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
  const roomOf = (row: string) => /^\| `([^`]+)`/.exec(row)?.[1] ?? '';

  it('has a row for every folder of src/', () => {
    const folders = [...new Set(tracked.filter((file) => /^src\/[^/]+\//.test(file)).map((file) => `${file.split('/').slice(0, 2).join('/')}/`))];
    expect(folders.length).toBeGreaterThanOrEqual(15);
    expect(folders.filter((folder) => !rows.some((row) => roomOf(row) === folder))).toEqual([]);
  });

  it('names every machine of machines/ in the row of machines/', () => {
    const row = rows.find((candidate) => roomOf(candidate) === 'machines/') ?? '';
    const machines = tracked.filter((file) => /^machines\/[^/]+\.ts$/.test(file) && existsSync(join(root, file))).map((file) => file.slice('machines/'.length, -'.ts'.length));
    expect(machines).toContain('storyPage');
    expect(machines.filter((name) => !new RegExp(`\\b${name}\\b`).test(row))).toEqual([]);
  });
});
