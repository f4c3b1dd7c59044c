// `npm run -s group -- FILE` (docs/product.md#several-sources-one-story) and the measure `npm run bench:grouping` scores it with.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv, score } from '../../scripts/bench/grouping-score.ts';
import { REPO_ROOT } from './helpers/paths.ts';

const HOUR = 3_600_000;

describe('the measure (a small example worked out by hand)', () => {
  // Story A: three outlets; B: two; C: one outlet alone; D: one outlet twice; E: two outlets 50 hours apart.
  const labelled = [
    { id: 'a1', story: 'A', source: 'X', time: 0 },
    { id: 'a2', story: 'A', source: 'Y', time: HOUR },
    { id: 'a3', story: 'A', source: 'Z', time: 2 * HOUR },
    { id: 'b1', story: 'B', source: 'X', time: 0 },
    { id: 'b2', story: 'B', source: 'Y', time: 47 * HOUR },
    { id: 'c1', story: 'C', source: 'X', time: 0 },
    { id: 'd1', story: 'D', source: 'W', time: 0 },
    { id: 'd2', story: 'D', source: 'W', time: HOUR },
    { id: 'e1', story: 'E', source: 'X', time: 0 },
    { id: 'e2', story: 'E', source: 'Y', time: 50 * HOUR },
  ];
  const groups = [['a1', 'a2', 'b1'], ['a3'], ['b2', 'c1'], ['d1', 'd2'], ['e1', 'e2']];

  it('precision: of the 6 pairs grouped (3 + 0 + 1 + 1 + 1), 3 are one story (a1-a2, d1-d2, e1-e2): 0.5', () => {
    expect(score(groups, labelled)).toEqual(expect.objectContaining({ pairs: 6, rightPairs: 3, precision: 0.5 }));
  });

  it('recall: 5 reports have another outlet’s report of their story within 48 hours (a1-a3, b1, b2; not c1, d1, d2, e1, e2), 2 of them are grouped with their story (a1, a2): 0.4', () => {
    expect(score(groups, labelled)).toEqual(expect.objectContaining({ groupable: 5, grouped: 2, recall: 0.4, groups: 5 }));
  });

  it('counts a report with no pair at all as precise and every report alone as recalled by none', () => {
    expect(score(labelled.map((r) => [r.id]), labelled)).toEqual(expect.objectContaining({ precision: 1, recall: 0, groups: 10 }));
  });
});

describe('the CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF', () => {
    expect(parseCsv('ID,TITLE\r\n1,"Fed says ""wait"", again"\r\n2,"two\nlines"\n3,plain')).toEqual([
      ['ID', 'TITLE'],
      ['1', 'Fed says "wait", again'],
      ['2', 'two\nlines'],
      ['3', 'plain'],
    ]);
  });
});

describe('npm run -s group -- FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'group-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const group = (...args: string[]) => spawnSync('npm', ['run', '-s', 'group', '--', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  const story = (id: string, title: string, at: string, source = 'Gazette') => ({ id, title, summary: '', source, url: `https://${source.toLowerCase()}.example/${id}`, published_at: at, category: 'World' });

  it('prints only the groups as JSON: every id once, earliest report first', () => {
    const stories = [
      story('late', 'Storm repairs finish early as harbour bridge reopens to traffic', '2026-03-01T18:00:00Z', 'Courier'),
      story('other', 'Marathon record falls in cold rain', '2026-03-01T13:00:00Z'),
      story('early', 'Harbour bridge reopens after storm repairs finish early', '2026-03-01T12:00:00Z'),
    ];
    const result = group(file('three.json', JSON.stringify(stories)));
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([['early', 'late'], ['other']]);
  });

  it('answers an empty array with an empty array', () => {
    expect(group(file('empty.json', '[]')).stdout.trim()).toBe('[]');
  });

  it.each([
    ['no FILE', [], 'group: no FILE given'],
    ['an unreadable file', [join(dir, 'missing.json')], 'cannot read'],
    ['not JSON', [file('bad.json', '[{"id": ')], 'not JSON'],
    ['not an array', [file('object.json', '{"id":"a"}')], 'not a JSON array of stories'],
    ['an item that is not an object', [file('number.json', '[1]')], 'item 0 is not an object'],
    ['an item with no id', [file('noid.json', JSON.stringify([{ title: 't', published_at: '2026-03-01T12:00:00Z' }]))], 'item 0 has no id'],
    ['an item with no title', [file('notitle.json', JSON.stringify([{ id: 'a', published_at: '2026-03-01T12:00:00Z' }]))], 'item 0 (a) has no title'],
    ['an item with no date', [file('nodate.json', JSON.stringify([{ id: 'a', title: 't' }]))], 'item 0 (a) has no published_at date'],
    ['an item whose date does not parse', [file('baddate.json', JSON.stringify([{ id: 'a', title: 't', published_at: 'yesterday' }]))], 'has no published_at date'],
    ['a repeated id', [file('twice.json', JSON.stringify([story('a', 't', '2026-03-01T12:00:00Z'), story('a', 'u', '2026-03-01T13:00:00Z')]))], 'id a is repeated'],
  ])('refuses %s: one line on stderr, nothing on stdout, exit code 2', (_name, args, message) => {
    const result = group(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
