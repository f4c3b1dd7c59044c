/**
 * What the page shows is made in one place (src/domain/page-list.ts, docs/architecture.md): the
 * one rule that drops stories already shown is `notShown` there, and every other file calls it.
 * A second copy of the rule, in any of its shapes, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'machines'];
const HOME = 'src/domain/page-list.ts';
/** The shapes the rule takes: a filter keeping the stories whose id a set lacks, a loop skipping those it has, a search of the page for each. */
const SHAPES = [/!\s*[\w.]+\.has\(\s*story\.id\s*\)/, /\.has\(\s*story\.id\s*\)\s*\)\s*continue/, /\.some\(\s*\(?\s*\w+\s*\)?\s*=>\s*\w+\.id\s*===\s*\w+\.id\s*\)/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of `text` that hold a copy of the rule. */
export function copiesOfTheRule(text: string): string[] {
  return text.split('\n').filter((line) => SHAPES.some((shape) => shape.test(line)));
}

describe('the one "not already shown" rule', () => {
  it('finds each shape of a copy planted in a file', () => {
    expect(copiesOfTheRule('const rest = stories.filter((story) => !onPage.has(story.id));')).toHaveLength(1);
    expect(copiesOfTheRule('for (const story of page) {\n  if (ids.has(story.id)) continue;\n}')).toHaveLength(1);
    expect(copiesOfTheRule('matches.filter((s) => !page.some((p) => p.id === s.id))')).toHaveLength(1);
    expect(copiesOfTheRule('const saved = bookmarks.has(story.id);')).toEqual([]);
  });

  it(`lives in ${HOME} alone`, () => {
    const copies = ROOTS.flatMap(sources)
      .filter((path) => path !== HOME)
      .flatMap((path) => copiesOfTheRule(readFileSync(path, 'utf8')).map((line) => `${path}: ${line.trim()}`));
    expect(copiesOfTheRule(readFileSync(HOME, 'utf8'))).toHaveLength(1);
    expect(copies).toEqual([]);
  });
});
