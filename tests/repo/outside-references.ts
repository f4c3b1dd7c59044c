/**
 * Finds references from the repository's files to things outside it: the folder that used to sit
 * beside the repository, specification files that are not in it, relative links and imports that
 * climb above its root, and docs/product.md anchors that no heading defines.
 *
 * Names that the checks look for are assembled from parts, so that this file does not report itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The folder beside the repository that tests and docs once read. */
const SIBLING_FOLDER = 'shared';
const SIBLING_PATTERNS = [
  // one or more `../` then the folder's name
  new RegExp(`(?:\\.\\./)+${SIBLING_FOLDER}(?![\\w-])`),
  // the folder's name then `/spec` or `/feeds`, written without the leading dots
  new RegExp(`(?<![\\w./-])${SIBLING_FOLDER}/(?:spec|feeds)\\b`),
];

/** Specification files that lived outside the repository. A mention is fine once a tracked file has the name. */
export const OUTSIDE_DOCUMENTS: readonly string[] = ['SPEC', 'INTERFACE', 'DESIGN-CARD', 'STYLE'].map((name) => `${name}.md`);

/** Folders a checkout may hold that are not part of the repository (used only when git is unavailable). */
const UNTRACKED_FOLDERS = new Set(['.git', 'node_modules', 'dist', 'dist-e2e', 'dist-bench', 'coverage', 'reports', '.stryker-tmp', '.vite', 'tmp']);

/** The repository's files, relative to the root with `/` separators: git's list, else a walk of the tree. */
export function repositoryFiles(root = REPO_ROOT): string[] {
  if (existsSync(join(root, '.git'))) {
    const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return out.split('\0').filter((file) => file !== '' && existsSync(join(root, file)));
  }
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) return UNTRACKED_FOLDERS.has(entry.name) || entry.name.startsWith('.tmp-') ? [] : walk(path);
      return entry.isFile() ? [path] : [];
    });
  return walk('');
}

/** The file's text, or null for a binary file (a NUL byte near the start). */
export function readText(file: string, root = REPO_ROOT): string | null {
  const bytes = readFileSync(join(root, file));
  if (bytes.subarray(0, 8000).includes(0)) return null;
  return bytes.toString('utf8');
}

function findLines(file: string, text: string, matches: (line: string) => boolean): Finding[] {
  return text.split('\n').flatMap((line, index) => (matches(line) ? [{ file, line: index + 1, text: line.trim() }] : []));
}

/** Mentions of the folder that used to sit beside the repository. */
export function siblingFolderMentions(file: string, text: string): Finding[] {
  return findLines(file, text, (line) => SIBLING_PATTERNS.some((pattern) => pattern.test(line)));
}

/** Mentions of specification files that are not in the repository. */
export function outsideDocumentMentions(file: string, text: string, trackedNames: ReadonlySet<string>): Finding[] {
  const missing = OUTSIDE_DOCUMENTS.filter((name) => !trackedNames.has(name)).map((name) => name.replace(/[.-]/g, '\\$&'));
  if (missing.length === 0) return [];
  const pattern = new RegExp(`(?<![\\w-])(?:${missing.join('|')})(?![\\w-])`);
  return findLines(file, text, (line) => pattern.test(line));
}

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const MARKUP = /\.(?:md|html?)$/;
// A string literal that is a relative path: './x', "../x", `../x` (no spaces, no interpolation).
const RELATIVE_LITERAL = /(['"`])(\.{1,2}\/[^'"`\s$]*)\1/g;
// A Markdown link or image target, or an href/src attribute.
const MARKUP_TARGET = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|\b(?:href|src)\s*=\s*["']([^"']+)["']/g;

function climbsAboveRoot(file: string, target: string, root: string): boolean {
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === '') return false;
  const resolved = resolve(root, dirname(file), path);
  const fromRoot = relative(root, resolved);
  return fromRoot === '..' || fromRoot.startsWith(`..${sep}`);
}

/** Relative imports, path literals and links that resolve above the repository root. */
export function linksAboveRoot(file: string, text: string, root = REPO_ROOT): Finding[] {
  if (CODE.test(file)) {
    return findLines(file, text, (line) => [...line.matchAll(RELATIVE_LITERAL)].some((m) => climbsAboveRoot(file, m[2] ?? '', root)));
  }
  if (MARKUP.test(file)) {
    return findLines(file, text, (line) =>
      [...line.matchAll(MARKUP_TARGET)].some((m) => {
        const target = m[1] ?? m[2] ?? '';
        // URLs with a scheme, protocol-relative and site-absolute paths, and in-page anchors are not files here.
        if (/^(?:[a-z][a-z\d+.-]*:|\/|#)/i.test(target)) return false;
        return climbsAboveRoot(file, target, root);
      }),
    );
  }
  return [];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown document defines through its headings (duplicates get -1, -2, ...). */
export function documentAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1] ?? '');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The product page's anchors a file cites by `product.md` and `#`, and inside the page itself its in-page links. */
export function citedProductAnchors(file: string, text: string): { anchor: string; line: number }[] {
  const cited: { anchor: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const m of line.matchAll(/product\.md#([\w-]+)/g)) cited.push({ anchor: m[1] ?? '', line: index + 1 });
    if (basename(file) === 'product.md') {
      for (const m of line.matchAll(/\]\(#([\w-]+)\)/g)) cited.push({ anchor: m[1] ?? '', line: index + 1 });
    }
  });
  return cited;
}
