/**
 * The site's standalone scripts: each one a TypeScript entry of src/ bundled on its own into one
 * classic script (no import, no export) at the root of the site, by the same method in the dev
 * server and in the build:
 * - /theme-boot.js (src/appearance/theme-boot.ts), the head's one blocking script;
 * - /sw.js (src/offline/service-worker.ts), next to index.html so that its scope is the whole
 *   site, with this build's version and the list of files it keeps
 *   (docs/deploy.md#offline-and-updates). Production builds only: the dev server has no worker,
 *   and the page only registers one in production (src/offline/service-worker-registration.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** The TypeScript entry (from the project's root), its name at the root of the site, whether the dev server serves it too, and
 * its last touches once every other file of the build is known (the worker's version and file list). */
interface StandaloneScript {
  entry: string;
  fileName: string;
  dev: boolean;
  finish?: (code: string, files: Array<[path: string, content: string | Uint8Array]>) => string;
}

const THEME_BOOT: StandaloneScript = { entry: 'src/appearance/theme-boot.ts', fileName: 'theme-boot.js', dev: true };

const SERVICE_WORKER: StandaloneScript = {
  entry: 'src/offline/service-worker.ts',
  fileName: 'sw.js',
  dev: false,
  finish(code, entries) {
    // The version changes whenever any kept file changes, so sw.js changes too and browsers update.
    const hash = createHash('sha256');
    for (const [path, content] of entries) hash.update(path).update('\0').update(content).update('\0');
    const version = hash.digest('hex').slice(0, 16);
    const files = entries.map(([path]) => path);
    let replaced = 0;
    const finished = code
      .replace(/(["'`])__NEWSROOM_SW_VERSION__\1/, () => ((replaced += 1), JSON.stringify(version)))
      .replace(/(["'`])__NEWSROOM_SW_FILES__\1/, () => ((replaced += 1), JSON.stringify(JSON.stringify(files))));
    if (replaced !== 2) throw new Error(`src/offline/service-worker.ts: the version and file list placeholders were not found in the built worker`);
    return finished;
  },
};

/** The files under `dir` (none when there is no such directory), relative to it. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile()) : [];

/** The URL path of a file of dist/; index.html is kept as `/` (src/offline/policy.ts, APP_SHELL). */
const urlPath = (fileName: string): string => (fileName === 'index.html' ? '/' : `/${fileName}`);

/** One entry bundled alone into one classic script: everything it imports is inside it. */
async function bundle(root: string, { entry }: StandaloneScript, minify: boolean): Promise<string> {
  const result = await build({
    configFile: false, root, logLevel: 'warn', publicDir: false,
    build: { write: false, target: 'es2022', minify, rollupOptions: { input: join(root, entry), output: { format: 'iife', entryFileNames: 'script.js' } } },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : []));
  const [chunk, ...more] = outputs.filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  if (!chunk || more.length > 0 || chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
    throw new Error(`${entry} must build into one file, but it built into ${outputs.map((output) => output.fileName).join(', ')}`);
  }
  return chunk.code;
}

export function standaloneScripts(scripts: readonly StandaloneScript[] = [THEME_BOOT, SERVICE_WORKER]): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'newsroom-standalone-scripts',
    // After Vite has added index.html to the bundle.
    enforce: 'post',
    configResolved(config) {
      [root, publicDir] = [config.root, config.publicDir];
    },
    configureServer(server) {
      for (const script of scripts.filter(({ dev }) => dev)) {
        server.middlewares.use(`/${script.fileName}`, (_request, response, next) => {
          bundle(root, script, false).then((code) => response.setHeader('Content-Type', 'text/javascript').setHeader('Cache-Control', 'no-cache').end(code), next);
        });
      }
    },
    async generateBundle(_options, output) {
      const built = await Promise.all(scripts.map(async (script) => [script, await bundle(root, script, true)] as const));
      const plain = built.filter(([script]) => !script.finish);
      for (const [{ fileName }, code] of plain) this.emitFile({ type: 'asset', fileName, source: code });
      for (const [{ fileName, finish }, code] of built) {
        if (!finish) continue;
        // Every file of the site: the bundle's, the plain standalone scripts' and public/'s.
        const entries: Array<[path: string, content: string | Uint8Array]> = [];
        for (const [name, file] of Object.entries(output)) if (!name.endsWith('.map')) entries.push([urlPath(name), file.type === 'chunk' ? file.code : file.source]);
        for (const [{ fileName: plainName }, plainCode] of plain) entries.push([urlPath(plainName), plainCode]);
        for (const file of filesUnder(publicDir)) entries.push([urlPath(file.split(sep).join('/')), readFileSync(join(publicDir, file))]);
        entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        this.emitFile({ type: 'asset', fileName, source: finish(code, entries) });
      }
    },
  };
}
