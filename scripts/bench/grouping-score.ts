// The measure of a grouping against labelled stories (docs/grouping.md): pairwise precision, and
// the recall of the reports that another outlet's report of their story, within 48 hours, could have been grouped with.

export interface Labelled {
  readonly id: string;
  /** The labelled story (Google News' cluster). */
  readonly story: string;
  readonly source: string;
  /** ms since 1970. */
  readonly time: number;
}

export interface Score {
  /** Of the pairs put in one group, the share that are one labelled story (1 when no pair was made). */
  readonly precision: number;
  /** Of the reports with another outlet's report of their story within 48 hours, the share grouped with a report of it. */
  readonly recall: number;
  readonly pairs: number;
  readonly rightPairs: number;
  /** How many reports could be grouped (recall's denominator), and how many are. */
  readonly groupable: number;
  readonly grouped: number;
  readonly groups: number;
}

const WINDOW_MS = 48 * 60 * 60 * 1000;

/** Scores `groups` (arrays of ids) on the reports in `labelled`; ids not in it are ignored. */
export function score(groups: readonly (readonly string[])[], labelled: readonly Labelled[]): Score {
  const byId = new Map(labelled.map((report) => [report.id, report]));
  const byStory = new Map<string, Labelled[]>();
  for (const report of labelled) byStory.set(report.story, [...(byStory.get(report.story) ?? []), report]);
  const groupable = labelled.filter((report) =>
    (byStory.get(report.story) ?? []).some((other) => other.source !== report.source && Math.abs(other.time - report.time) <= WINDOW_MS),
  );
  let pairs = 0;
  let rightPairs = 0;
  const withItsStory = new Set<string>();
  let count = 0;
  for (const group of groups) {
    const members = group.flatMap((id) => byId.get(id) ?? []);
    if (members.length > 0) count += 1;
    const perStory = new Map<string, number>();
    for (const member of members) perStory.set(member.story, (perStory.get(member.story) ?? 0) + 1);
    pairs += (members.length * (members.length - 1)) / 2;
    for (const n of perStory.values()) rightPairs += (n * (n - 1)) / 2;
    for (const member of members) if ((perStory.get(member.story) ?? 0) >= 2) withItsStory.add(member.id);
  }
  const grouped = groupable.filter((report) => withItsStory.has(report.id)).length;
  return {
    precision: pairs === 0 ? 1 : rightPairs / pairs,
    recall: groupable.length === 0 ? 1 : grouped / groupable.length,
    pairs,
    rightPairs,
    groupable: groupable.length,
    grouped,
    groups: count,
  };
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
