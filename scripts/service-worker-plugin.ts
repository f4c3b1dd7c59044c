/**
 * Builds the service worker (src/offline/service-worker.ts) into dist/sw.js, next to index.html so
 * that its scope is the whole site, with this build's version and the list of files it keeps
 * (docs/deploy.md#offline-and-updates). Production builds only: the dev server never serves
 * a worker, and the page only registers one in production (src/offline/service-worker-registration.ts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

const ENTRY = 'src/offline/service-worker.ts';
export const SERVICE_WORKER_FILE = 'sw.js';

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The URL path of a file of dist/; index.html is kept as `/` (src/offline/policy.ts, APP_SHELL). */
function urlPath(fileName: string): string {
  return fileName === 'index.html' ? '/' : `/${fileName}`;
}

export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'newsroom-service-worker',
    apply: 'build',
    // After Vite has added index.html to the bundle.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: ENTRY, fileName: SERVICE_WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[SERVICE_WORKER_FILE];
      if (worker?.type !== 'chunk') return this.error(`${SERVICE_WORKER_FILE} is missing from the bundle`);
      // A classic worker script cannot import: everything it uses must be inside it.
      if (worker.imports.length > 0 || worker.dynamicImports.length > 0) {
        return this.error(`${ENTRY} must build into one file, but it imports ${[...worker.imports, ...worker.dynamicImports].join(', ')}`);
      }
      const entries: Array<[path: string, content: string | Uint8Array]> = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName === SERVICE_WORKER_FILE || fileName.endsWith('.map')) continue;
        entries.push([urlPath(fileName), output.type === 'chunk' ? output.code : output.source]);
      }
      for (const file of filesUnder(publicDir)) {
        entries.push([urlPath(relative(publicDir, file).split(sep).join('/')), readFileSync(file)]);
      }
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      // The version changes whenever any kept file changes, so sw.js changes too and browsers update.
      const hash = createHash('sha256');
      for (const [path, content] of entries) hash.update(path).update('\0').update(content).update('\0');
      const version = hash.digest('hex').slice(0, 16);
      const files = entries.map(([path]) => path);

      let replaced = 0;
      worker.code = worker.code
        .replace(/(["'`])__NEWSROOM_SW_VERSION__\1/, () => {
          replaced += 1;
          return JSON.stringify(version);
        })
        .replace(/(["'`])__NEWSROOM_SW_FILES__\1/, () => {
          replaced += 1;
          return JSON.stringify(JSON.stringify(files));
        });
      if (replaced !== 2) this.error(`${ENTRY}: the version and file list placeholders were not found in the built worker`);
    },
  };
}
