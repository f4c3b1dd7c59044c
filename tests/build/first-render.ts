/**
 * The JavaScript a first visit needs before the first render (dist.test.ts holds it to its budget): the scripts of
 * index.html, classic and module, and every module it preloads, gzipped; each package's share read from the source maps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

export function firstRenderScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)];
  // A page fetches each URL once, however often it is named.
  return [...new Set(scripts.map((match) => match[1] ?? ''))];
}

/** Minified bytes per package: each mapped span of generated code counts for its source file's package. */
function bytesPerPackage(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const bytes = new Map<string, number>();
  const lines = code.split('\n');
  let source = 0; // a segment without a source (unmapped code) counts for the last one named
  decode(map.mappings).forEach((segments, line) =>
    segments.forEach(([column, named], i) => {
      source = named ?? source;
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(map.sources[source] ?? '')?.[1] ?? '(app code)';
      bytes.set(name, (bytes.get(name) ?? 0) + Math.max(0, (segments[i + 1]?.[0] ?? lines[line]?.length ?? 0) - column));
    }),
  );
  return bytes;
}

export function measureFirstRender(dist: string) {
  const chunks = firstRenderScripts(dist).map((src) => {
    const code = readFileSync(join(dist, src.replace(/^\//, '')), 'utf8');
    return { src, code, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
  });
  const packages = new Map<string, number>();
  for (const chunk of chunks) {
    let map;
    try {
      map = JSON.parse(readFileSync(join(dist, `${chunk.src.replace(/^\//, '')}.map`), 'utf8'));
    } catch {
      continue; // a script without a map (the classic boot scripts) counts in the total only
    }
    const bytes = bytesPerPackage(chunk.code, map);
    const minified = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
    // The chunk's gzip size spread over its packages in proportion to their minified bytes.
    for (const [name, size] of bytes) packages.set(name, (packages.get(name) ?? 0) + (chunk.gzip * size) / minified);
  }
  return {
    totalGzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    chunks: chunks.map(({ src, raw, gzip }) => ({ src, raw, gzip })),
    packages: [...packages].map(([name, gzip]) => ({ name, gzip: Math.round(gzip) })).sort((a, b) => b.gzip - a.gzip),
  };
}
