// `npm run -s group -- FILE` (docs/grouping.md): a JSON array of stories in, their groups out (a JSON array of arrays of
// ids, earliest report first), by the very code the ingest groups with. Bad input: one line on stderr, exit code 2.
import { readFileSync } from 'node:fs';
import { groupReportOf, groupReports } from '../supabase/functions/_shared/stories/group.ts';

/** The stories of the file's text, or why they are not. */
function storiesOf(text: string): { id: string; title: string; published_at: string; source: string | null }[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('not JSON');
  }
  if (!Array.isArray(value)) throw new Error('not a JSON array of stories');
  const ids = new Set<string>();
  return value.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new Error(`item ${index} is not an object`);
    const { id, title, published_at: publishedAt, source } = item as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') throw new Error(`item ${index} has no id`);
    if (typeof title !== 'string') throw new Error(`item ${index} (${id}) has no title`);
    if (typeof publishedAt !== 'string' || !Number.isFinite(Date.parse(publishedAt))) throw new Error(`item ${index} (${id}) has no published_at date`);
    if (ids.has(id)) throw new Error(`id ${id} is repeated`);
    ids.add(id);
    // A story with no outlet named is no other story's outlet.
    return { id, title, published_at: publishedAt, source: typeof source === 'string' && source !== '' ? source : null };
  });
}

function main(args: readonly string[]): number {
  const [file] = args;
  if (file === undefined) {
    process.stderr.write('group: no FILE given (npm run -s group -- FILE)\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    process.stderr.write(`group: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return 2;
  }
  try {
    const groups = groupReports(storiesOf(text).map(groupReportOf));
    process.stdout.write(`${JSON.stringify(groups)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`group: ${file}: ${(error as Error).message}\n`);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
