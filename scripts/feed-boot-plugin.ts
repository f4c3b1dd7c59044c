/**
 * src/feed-boot.ts as a classic script of its own in index.html's head, in the theme script's
 * place (the theme's code first, in the build), with the snapshot's styles
 * (src/snapshot/styles.ts) and the page's first colours inline before it: it starts the feed
 * call while the document is still being parsed (with kept stories, right after they are
 * painted), and paints the snapshot of the first story cards (src/snapshot/) as soon as the
 * page's `#root` is parsed, before the app's modules run (docs/performance.md). In the build it is
 * bundled on its own, as one self-contained immediately-invoked script (a module shared with
 * the app would make it wait for the app's chunks); its state is handed to the app through
 * `window` (src/boot/handoff.ts). The dev server loads it as a module instead, after parsing:
 * slower, the same behaviour.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { snapshotCss } from '../src/snapshot/styles.ts';

const FEED_BOOT = 'src/feed-boot.ts';
/**
 * The theme's script (public/theme-boot.js). The dev server keeps it and loads the boot script
 * after it; the build puts its code at the start of the boot script and drops the tag: one
 * blocking script in the head instead of two, one request less before the first card.
 */
const THEME_BOOT = '<script src="/theme-boot.js"></script>';
const THEME_BOOT_FILE = 'theme-boot.js';

const FEED_WORKER = 'src/feed-worker.ts';
const FEED_WORKER_FILE = 'feed-worker.js';

interface BuildSettings {
  root: string;
  mode: string;
  envDir: string | false;
}

/** `entry` and everything it imports as one self-contained script, with the site's build-time configuration. */
async function bundleAlone(context: { error(message: string): never }, entry: string, settings: BuildSettings): Promise<string> {
  const result = (await build({
    configFile: false,
    ...settings,
    logLevel: 'silent',
    plugins: [],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: 'newsroom' },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
  const chunks = outputs.filter((output) => output.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]) return context.error(`${entry} must build into one script, got ${outputs.map((o) => o.fileName).join(', ')}`);
  return chunks[0].code;
}

/** The app's entry script and its module preloads, as the build puts them in the head. */
const APP_SCRIPT_TAGS = /^[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)[ \t]*\n/gm;

/**
 * Moves the app's entry script and its module preloads from the head to the end of the body.
 * The module script runs after parsing wherever it stands, and the browser's preload scanner
 * starts every download as early either way; but each tag costs the parser a few milliseconds
 * (12-30 ms for the four in traces at 4x CPU throttling), and before `#root` they came ahead of the
 * snapshot's first cards (docs/performance.md).
 */
export function scriptsAfterRoot(html: string): string {
  const tags = html.match(APP_SCRIPT_TAGS) ?? [];
  if (!tags.some((tag) => tag.includes('<script type="module"'))) throw new Error('index.html has no module script for the app');
  return html.replace(APP_SCRIPT_TAGS, '').replace(/[ \t]*<\/body>/, `${tags.join('')}  </body>`);
}

export function feedBootScript(): Plugin {
  let base = '/';
  let root = '';
  let mode = 'production';
  let envDir: string | false = '';
  let publicDir = '';
  let building = false;
  let fileName = '';
  return {
    name: 'feed-boot-script',
    configResolved(config) {
      base = config.base;
      root = config.root;
      mode = config.mode;
      envDir = config.envDir;
      publicDir = config.publicDir;
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      // The theme first: it must be on <html> before anything paints.
      const theme = readFileSync(join(publicDir, THEME_BOOT_FILE), 'utf8');
      const code = `${theme}\n${await bundleAlone(this, FEED_BOOT, { root, mode, envDir })}`;
      fileName = `assets/feed-boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      // The feed call's worker (src/app/feed-call.ts), at a fixed path the boot script knows.
      this.emitFile({ type: 'asset', fileName: FEED_WORKER_FILE, source: await bundleAlone(this, FEED_WORKER, { root, mode, envDir }) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(THEME_BOOT)) throw new Error(`index.html has no ${THEME_BOOT} for the boot script to follow`);
        // The snapshot's styles inline (the CSP allows inline styles, not scripts): no request
        // to wait for, and an external stylesheet would hold back the scripts after it.
        const style = `<style id="snapshot-style">${snapshotCss()}</style>`;
        if (building) return scriptsAfterRoot(html.replace(THEME_BOOT, [style, `<script src="${base}${fileName}"></script>`].join('\n    ')));
        return html.replace(THEME_BOOT, [THEME_BOOT, style, `<script type="module" src="/${FEED_BOOT}"></script>`].join('\n    '));
      },
    },
  };
}
