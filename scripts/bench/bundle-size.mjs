/**
 * The JavaScript a first visit needs before the first render: the scripts of
 * dist/index.html (classic and module) and every module they preload, gzip-compressed, with a per-package
 * breakdown read from the source maps (minified bytes attributed to their source file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlq(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function packageOf(path) {
  const match = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return match ? match[1] : '(app code)';
}

/** Minified bytes per package: each mapped span of generated code counts for its source file. */
function breakdown(code, map) {
  const bytes = new Map();
  const lines = code.split('\n');
  let source = 0; // cumulative across the whole map, unlike the column
  map.mappings.split(';').forEach((mappingLine, index) => {
    const text = lines[index] ?? '';
    const points = [];
    let column = 0;
    for (const segment of mappingLine.split(',')) {
      if (!segment) continue;
      const values = decodeVlq(segment);
      column += values[0];
      if (values.length > 1) source += values[1];
      points.push({ column, source });
    }
    points.forEach((point, i) => {
      const end = i + 1 < points.length ? points[i + 1].column : text.length;
      const name = packageOf(map.sources[point.source] ?? '');
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, end - point.column));
    });
  });
  return bytes;
}

export function firstRenderScripts(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // Every script of the page, classic ones too (the theme and the feed boot scripts run before the app).
  const entry = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  // A page fetches each URL once, however often it is named.
  return [...new Set([...entry, ...preloads])];
}

export function measureFirstRender(dist) {
  const chunks = firstRenderScripts(dist).map((src) => {
    const file = join(dist, src.replace(/^\//, ''));
    const code = readFileSync(file, 'utf8');
    return { src, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, code, file };
  });
  const totalGzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const packages = new Map();
  for (const chunk of chunks) {
    let map;
    try {
      map = JSON.parse(readFileSync(`${chunk.file}.map`, 'utf8'));
    } catch {
      continue;
    }
    const bytes = breakdown(chunk.code, map);
    const minified = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
    // Spread the chunk's gzip size over packages in proportion to their minified bytes.
    for (const [name, size] of bytes) packages.set(name, (packages.get(name) ?? 0) + (chunk.gzip * size) / minified);
  }
  return {
    totalGzip,
    chunks: chunks.map(({ src, raw, gzip }) => ({ src, raw, gzip })),
    packages: [...packages].map(([name, gzip]) => ({ name, gzip: Math.round(gzip) })).sort((a, b) => b.gzip - a.gzip),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureFirstRender(process.argv[2] ?? 'dist');
  console.log(`first-render JavaScript: ${(result.totalGzip / 1024).toFixed(1)} KB gzip in ${result.chunks.length} files`);
  for (const { name, gzip } of result.packages) console.log(`  ${name.padEnd(36)} ${(gzip / 1024).toFixed(1)} KB`);
}
