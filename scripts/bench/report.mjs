/** The bench's table, for the terminal and for docs/performance.md. */

/**
 * @typedef {object} Row
 * @property {string} metric
 * @property {string} value
 * @property {string} baseline
 * @property {string} ratio
 * @property {string} target
 * @property {boolean | null} pass null when the row has no target
 */

export const ms = (/** @type {number} */ value) => (Number.isFinite(value) ? `${value.toFixed(value < 100 ? 1 : 0)} ms` : 'n/a');
export const mb = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
export const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const times = (/** @type {number} */ ratio) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—');
const passText = (/** @type {boolean | null} */ pass) => (pass === null ? '—' : pass ? 'yes' : 'NO');

const HEADERS = ['metric', 'value', 'baseline', 'ratio', 'target', 'pass?'];

/** @param {Row} row */
const cells = (row) => [row.metric, row.value, row.baseline, row.ratio, row.target, passText(row.pass)];

/** A fixed-width table for the terminal. @param {Row[]} rows */
export function textTable(rows) {
  const lines = [HEADERS, ...rows.map(cells)];
  const widths = HEADERS.map((_, column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (/** @type {string[]} */ line) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [format(lines[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.slice(1).map(format)].join('\n');
}

/** @param {string[][]} lines @param {string[]} headers @param {string} [align] e.g. "lrr" */
export function markdownTable(headers, lines, align = 'l' + 'r'.repeat(headers.length - 1)) {
  const escape = (/** @type {string} */ cell) => cell.replace(/\|/g, '\\|');
  return [
    `| ${headers.join(' | ')} |`,
    `|${[...align].map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`,
    ...lines.map((line) => `| ${line.map(escape).join(' | ')} |`),
  ].join('\n');
}

/** @param {Row[]} rows */
export const rowsMarkdown = (rows) => markdownTable(HEADERS, rows.map(cells), 'lrrrrl');
