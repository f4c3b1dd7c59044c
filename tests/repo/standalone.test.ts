// The repository stands alone: a clone with nothing beside it has everything its files refer to.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citedProductAnchors,
  documentAnchors,
  type Finding,
  headingAnchor,
  linksAboveRoot,
  outsideDocumentMentions,
  OUTSIDE_DOCUMENTS,
  readText,
  repositoryFiles,
  siblingFolderMentions,
} from './outside-references.ts';

/** The headings of docs/product.md, in order: other files cite their anchors. */
const PRODUCT_SECTIONS = [
  'Screens and states',
  'Accessible names',
  'The Story and its validation',
  'Loading, failure, retry and fallback',
  'The page before its scripts',
  'When the page cannot load',
  'Refetch and freshness',
  'Timings and constants',
  'Sample stories',
  'Search, categories and the URL',
  'Bookmarks, sharing and copying',
  'Theme',
  'Stored in the browser',
  'The fetch-news function',
  'Reader features',
  'Configuration and commands',
  'Decisions where the brief was silent',
];

const files = repositoryFiles();
const texts = new Map(files.flatMap((file) => {
  const text = readText(file);
  return text === null ? [] : [[file, text] as const];
}));
const trackedNames = new Set(files.map((file) => basename(file)));

const report = (findings: readonly Finding[]) => findings.map(({ file, line, text }) => `${file}:${line}: ${text}`);

describe('the repository stands alone', () => {
  it('reads every text file of the repository', () => {
    expect(files.length).toBeGreaterThan(1000);
    for (const file of ['README.md', 'docs/product.md', 'package.json', 'tests/fixtures/feeds/NOTICE.md']) expect(texts.has(file), file).toBe(true);
  });

  it('no file refers to the folder that used to sit beside the repository', () => {
    expect(report([...texts].flatMap(([file, text]) => siblingFolderMentions(file, text)))).toEqual([]);
  });

  it('no file cites specification files that are not in the repository (pending areas apart)', () => {
    const findings = [...texts].flatMap(([file, text]) => outsideDocumentMentions(file, text, trackedNames));
    expect(report(findings)).toEqual([]);
  });

  it('no relative import, path or link resolves above the repository root', () => {
    expect(report([...texts].flatMap(([file, text]) => linksAboveRoot(file, text)))).toEqual([]);
  });

  it('every docs/product.md anchor cited anywhere is a heading of docs/product.md', () => {
    const anchors = documentAnchors(texts.get('docs/product.md') ?? '');
    const dangling = [...texts].flatMap(([file, text]) =>
      citedProductAnchors(file, text)
        .filter(({ anchor }) => !anchors.has(anchor))
        .map(({ anchor, line }) => `${file}:${line}: #${anchor}`),
    );
    expect(dangling).toEqual([]);
  });

  it('docs/product.md has its sections in order, and the README links it', () => {
    const headings = (texts.get('docs/product.md') ?? '').split('\n').flatMap((line) => /^## (.+)$/.exec(line)?.[1] ?? []);
    expect(headings).toEqual(PRODUCT_SECTIONS);
    expect(texts.get('README.md')).toContain('](docs/product.md)');
  });
});

describe('the checks find what they look for', () => {
  // Planted text is assembled from parts so that this file does not trip the checks itself.
  const up = (n: number) => '../'.repeat(n);
  const name = ['sha', 'red'].join('');
  const folder = `${up(1)}${name}`;

  it('a mention of the sibling folder, with or without the dots', () => {
    expect(siblingFolderMentions('README.md', `see ${folder}/spec`)).toHaveLength(1);
    expect(siblingFolderMentions('a.ts', `resolve(ROOT, '${up(2)}${name}/feeds')`)).toHaveLength(1);
    expect(siblingFolderMentions('a.md', `from ${name}/feeds/real-world`)).toHaveLength(1);
    expect(siblingFolderMentions('a.ts', 'const shared = {}; // shared by both; sharedState/feeds')).toEqual([]);
  });

  it('a specification file named in a comment, unless the repository has one', () => {
    const [spec = '', iface = ''] = OUTSIDE_DOCUMENTS;
    const line = `/** The feed (${spec} section 4, ${iface} section 2). */`;
    expect(outsideDocumentMentions('machines/feed.ts', `x\n${line}`, new Set())).toEqual([{ file: 'machines/feed.ts', line: 2, text: line }]);
    expect(outsideDocumentMentions('a.ts', `// ${spec}`, new Set(OUTSIDE_DOCUMENTS))).toEqual([]);
    expect(outsideDocumentMentions('a.md', 'nasa-liftoff-news-SPEC-SAMPLE.rss2.xml', new Set())).toEqual([]);
  });

  it('relative imports and links that climb out of the repository, and only those', () => {
    expect(linksAboveRoot('tests/function/helpers/paths.ts', `resolve(here, '${up(4)}feeds')`)).toHaveLength(1);
    expect(linksAboveRoot('tests/function/helpers/paths.ts', `resolve(here, '${up(3)}tests')`)).toEqual([]);
    expect(linksAboveRoot('src/app/a.ts', `import x from '${up(3)}outside/x.ts';`)).toHaveLength(1);
    expect(linksAboveRoot('src/app/a.ts', `import x from '${up(2)}machines/feed.ts';`)).toEqual([]);
    expect(linksAboveRoot('docs/a.md', `[spec](${up(2)}spec/x.md)`)).toHaveLength(1);
    expect(linksAboveRoot('docs/a.md', `<img src="${up(2)}x.png">`)).toHaveLength(1);
    expect(linksAboveRoot('docs/a.md', `[ok](${up(1)}README.md) [web](https://example.com/${up(3)}x) [here](#x)`)).toEqual([]);
    expect(linksAboveRoot('data.xml', `<a href="${up(9)}x">`)).toEqual([]);
  });

  it('anchors as GitHub makes them, and citations of them', () => {
    expect(headingAnchor('Loading, failure, retry and fallback')).toBe('loading-failure-retry-and-fallback');
    expect(headingAnchor('The fetch-news function')).toBe('the-fetch-news-function');
    expect([...documentAnchors('# A\n## Theme\n```\n## Not a heading\n```\n## Theme')]).toEqual(['a', 'theme', 'theme-1']);
    expect(citedProductAnchors('src/x.ts', `// docs/product.md#theme and product.md#${'no-such'}`)).toEqual([
      { anchor: 'theme', line: 1 },
      { anchor: 'no-such', line: 1 },
    ]);
    expect(citedProductAnchors('docs/product.md', 'see [Theme](#theme)')).toEqual([{ anchor: 'theme', line: 1 }]);
    expect(PRODUCT_SECTIONS.map(headingAnchor)).toContain('decisions-where-the-brief-was-silent');
  });
});
