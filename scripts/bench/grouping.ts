// `npm run bench:grouping`: the grouping (supabase/functions/_shared/stories/group.ts, the code the ingest and
// `npm run group` run) scored against Google News' own story clusters (tests/fixtures/grouping; the measure: docs/grouping.md):
// precision, recall, groups and time on the whole file and on each day, the curve over the join similarity, and the
// 20 worst errors each way. Prints the figures and rewrites the measured part of docs/grouping.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT } from '../lib/function-command.mjs';
import { groupReportOf, groupReports, RULE, type GroupingRule, titleTerms, WINDOW_MS } from '../../supabase/functions/_shared/stories/group.ts';
import { type Labelled, parseCsv, score, type Score } from './grouping-score.ts';
import { READINGS } from './grouping-readings.ts';

const CSV = `${ROOT}/tests/fixtures/grouping/uci-news-dev.csv`;
const DOC = `${ROOT}/docs/grouping.md`;
const [BEGIN, END] = ['<!-- Written by npm run bench:grouping: -->', '<!-- End of what npm run bench:grouping writes. -->'];

interface Row extends Labelled {
  readonly title: string;
  readonly url: string;
  readonly published_at: string;
}

/** The CSV as stories (tests/fixtures/grouping/README.md): id "u" + ID, summary "", source the publisher, ISO time. */
function rowsOf(text: string): Row[] {
  const [header, ...rows] = parseCsv(text).filter((row) => row.length > 1);
  const column = (name: string) => (header ?? []).indexOf(name);
  const [id, title, url, publisher, story, timestamp] = ['ID', 'TITLE', 'URL', 'PUBLISHER', 'STORY', 'TIMESTAMP'].map(column) as [number, number, number, number, number, number];
  return rows.map((row) => {
    const time = Number(row[timestamp]);
    return { id: `u${row[id]}`, title: row[title] ?? '', url: row[url] ?? '', source: row[publisher] ?? '', story: row[story] ?? '', time, published_at: new Date(time).toISOString() };
  });
}

const rows = rowsOf(readFileSync(CSV, 'utf8'));
const byId = new Map(rows.map((row) => [row.id, row]));
const day = (date: number) => rows.filter((row) => new Date(row.time).getUTCDate() === date);
const parts: [string, Row[]][] = [
  ['whole file (10-11 March 2014)', rows],
  ['first day (10 March), the one tuned on', day(10)],
  ['second day (11 March), the check', day(11)],
];

/** Groups `part` from the titles (normalisation included in the time), as `npm run group` does. */
function run(part: readonly Row[], rule: GroupingRule): { groups: string[][]; ms: number; score: Score } {
  const started = performance.now();
  const groups = groupReports(part.map(groupReportOf), rule);
  const ms = performance.now() - started;
  return { groups, ms, score: score(groups, part) };
}

const fixed = (n: number, digits = 3) => n.toFixed(digits);
const line = (s: Score) => `precision ${fixed(s.precision)}, recall ${fixed(s.recall)}, ${s.groups} groups`;

// Warm the code once, then time each part.
run(rows, RULE);
const results = parts.map(([name, part]) => ({ name, part, ...run(part, RULE) }));
for (const { name, score: s, ms } of results) console.log(`${name}: ${line(s)}, ${fixed(ms, 0)} ms`);

const CURVE = [0.15, 0.2, 0.225, 0.25, 0.275, 0.3, 0.35, 0.4, 0.5];
const curve = CURVE.map((joinSimilarity) => ({ joinSimilarity, scores: parts.map(([, part]) => run(part, { ...RULE, joinSimilarity }).score) }));
const shared = [1, 2, 3].map((minSharedTerms) => ({ minSharedTerms, scores: parts.map(([, part]) => run(part, { ...RULE, minSharedTerms }).score) }));

// ---- The errors, worst first --------------------------------------------------------------------------------------

const whole = results[0]!;
const groupOf = new Map<string, string[]>();
for (const group of whole.groups) for (const id of group) groupOf.set(id, group);
const jaccard = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  const common = b.filter((term) => set.has(term)).length;
  return common / (set.size + b.length - common);
};
const terms = new Map(rows.map((row) => [row.id, titleTerms(row.title)]));

/** Grouped apart: a report with no report of its story in its group; worst = the most alike same-story report elsewhere. */
const apart = rows
  .filter((row) => !(groupOf.get(row.id) ?? []).some((id) => id !== row.id && byId.get(id)?.story === row.story))
  .map((row) => {
    const others = rows.filter((other) => other.story === row.story && other.id !== row.id && Math.abs(other.time - row.time) <= WINDOW_MS);
    const nearest = others
      .map((other) => ({ other, alike: jaccard(terms.get(row.id) ?? [], terms.get(other.id) ?? []) }))
      .sort((a, b) => b.alike - a.alike || a.other.time - b.other.time)[0];
    return { row, nearest };
  })
  .sort((a, b) => (b.nearest?.alike ?? 0) - (a.nearest?.alike ?? 0) || a.row.time - b.row.time)
  .slice(0, 20);

/** Grouped wrongly: each group's reports not of its main story, worst = the most wrong pairs they make. */
const wrongly = whole.groups
  .flatMap((group) => {
    const perStory = new Map<string, Row[]>();
    for (const id of group) {
      const row = byId.get(id)!;
      perStory.set(row.story, [...(perStory.get(row.story) ?? []), row]);
    }
    const main = [...perStory.values()].sort((a, b) => b.length - a.length)[0]!;
    return [...perStory.values()]
      .filter((members) => members !== main)
      .map((members) => ({ lead: byId.get(group[0]!)!, main: main[0]!, size: group.length, members, wrongPairs: members.length * (group.length - members.length) }));
  })
  .sort((a, b) => b.wrongPairs - a.wrongPairs || a.lead.time - b.lead.time)
  .slice(0, 20);

const escape = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();
const reading = (id: string) => READINGS[id] ?? '(not read yet)';

const scoreCells = (s: Score) => `${fixed(s.precision)} | ${fixed(s.recall)} | ${s.groups}`;
const measured = `${BEGIN}

## Measured

By \`npm run bench:grouping\` (scripts/bench/grouping.ts) on ${new Date().toISOString().slice(0, 10)}: ${rows.length} headlines of
\`tests/fixtures/grouping/uci-news-dev.csv\`, titles only, at the chosen point (join similarity ${RULE.joinSimilarity}, at least
${RULE.minSharedTerms} shared terms). Time: the whole grouping, normalisation included, in one process on this machine (Node ${process.version}).

| part | reports | precision | recall | groups | time |
|---|---|---|---|---|---|
${results.map(({ name, part, score: s, ms }) => `| ${name} | ${part.length} | ${scoreCells(s)} | ${fixed(ms, 0)} ms |`).join('\n')}

The baselines on the whole file: today's rule before this one (5+ significant words, 3 shared, 60% of the shorter title, the
first report only) 0.953 / 0.516; a textbook single pass (TF-IDF of the titles, nearest centroid at cosine >= 0.3, 48 h)
0.918 / 0.779.

### The curve over the join similarity

Each cell: precision / recall / groups. The first day chose the point; the second day is the check.

| join similarity | ${parts.map(([name]) => name).join(' | ')} |
|---|---|---|---|
${curve.map(({ joinSimilarity, scores }) => `| ${joinSimilarity === RULE.joinSimilarity ? `**${joinSimilarity}**` : joinSimilarity} | ${scores.map((s) => `${fixed(s.precision)} / ${fixed(s.recall)} / ${s.groups}`).join(' | ')} |`).join('\n')}

And over the shared terms a member must have (join similarity ${RULE.joinSimilarity}):

| shared terms | ${parts.map(([name]) => name).join(' | ')} |
|---|---|---|---|
${shared.map(({ minSharedTerms, scores }) => `| ${minSharedTerms === RULE.minSharedTerms ? `**${minSharedTerms}**` : minSharedTerms} | ${scores.map((s) => `${fixed(s.precision)} / ${fixed(s.recall)} / ${s.groups}`).join(' | ')} |`).join('\n')}

### The 20 worst grouped apart

Reports grouped with no report of their story (${rows.length - whole.score.grouped} in all), the most alike first: beside each, the report of its story
(within 48 hours) whose terms it shares most (Jaccard of the terms).

| report | the most alike report of its story | alike | why |
|---|---|---|---|
${apart.map(({ row, nearest }) => `| ${row.id}: ${escape(row.title)} | ${nearest ? `${nearest.other.id}: ${escape(nearest.other.title)}` : '(none)'} | ${fixed(nearest?.alike ?? 0, 2)} | ${reading(row.id)} |`).join('\n')}

### The 20 worst grouped wrongly

Reports in a group whose main story is another, the most wrong pairs first (${whole.score.pairs - whole.score.rightPairs} wrong pairs of ${whole.score.pairs} in all).

| group (lead, size) | its main story, by one report | reports of another story | wrong pairs | why |
|---|---|---|---|---|
${wrongly.map(({ lead, main, size, members, wrongPairs }) => `| ${lead.id} (${size}) | ${escape(main.title)} | ${members.length}: ${members[0]!.id}: ${escape(members[0]!.title)} | ${wrongPairs} | ${reading(members[0]!.id)} |`).join('\n')}

${END}`;

const old = readFileSync(DOC, 'utf8');
const [before, rest] = [old.slice(0, old.indexOf(BEGIN)), old.slice(old.indexOf(END) + END.length)];
if (!old.includes(BEGIN) || !old.includes(END)) throw new Error(`${DOC} has lost its markers`);
writeFileSync(DOC, `${before}${measured}${rest}`);
console.log(`wrote ${DOC}`);

