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
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { SAVED_AT_META, SAVED_AT_SLOT, SNAPSHOT_MARKUP_SLOT, SNAPSHOT_PAGE_TEMPLATE, SNAPSHOT_WRITER_PATH, STALE_SNAPSHOT } from '../src/snapshot/prerendered.ts';
import { snapshotCss } from '../src/snapshot/styles.ts';

const FEED_BOOT = 'src/feed-boot.ts';
/**
 * The theme's script (public/theme-boot.js). The dev server keeps it and loads the boot script
 * after it; the build puts its code at the start of the boot script and drops the tag: one
 * blocking script in the head instead of two, one request less before the first card.
 */
const THEME_BOOT = '<script src="/theme-boot.js"></script>';
const THEME_BOOT_FILE = 'theme-boot.js';

/**
 * The prerendered page's blocking script (src/snapshot-gate.ts), after the theme's code as well.
 * Inline in that page, allowed by its hash in the CSP (csp.config.ts): as a file, the parser
 * waited for its request (through the service worker) before the first cards: 20-25 ms in
 * Resource Timing at 4x CPU throttling (docs/security.md#content-security-policy).
 */
const SNAPSHOT_GATE = 'src/snapshot-gate.ts';

/** The prerendered page's writer (src/snapshot/keep-page.ts), an ES module at a fixed path the app knows. */
const SNAPSHOT_WRITER = 'src/snapshot/keep-page.ts';

const FEED_WORKER = 'src/feed-worker.ts';
const FEED_WORKER_FILE = 'feed-worker.js';

interface BuildSettings {
  root: string;
  mode: string;
  envDir: string | false;
}

/** `entry` and everything it imports as one self-contained script, with the site's build-time configuration. */
async function bundleAlone(context: { error(message: string): never }, entry: string, settings: BuildSettings, format: 'iife' | 'es' = 'iife'): Promise<string> {
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
      lib: { entry, formats: [format], name: 'newsroom' },
      // Whitespace too: Vite keeps it in an ES library (for the bundlers that would consume
      // one), and these scripts go to the browser as they are.
      rolldownOptions: { output: { minify: true, comments: { annotation: false } } },
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

const ROOT = '<div id="root"></div>';

function once(html: string, part: string): void {
  const at = html.indexOf(part);
  if (at < 0 || html.indexOf(part, at + 1) >= 0) throw new Error(`index.html must have ${part} once`);
}

const HTML_TAG = '<html lang="en">';

/**
 * The template of the prerendered home page (src/snapshot/prerendered.ts), from the built
 * index.html: the boot script's place in the head goes to the meta tag naming the kept
 * stories' `saved_at` and the gate script, inline; the snapshot's markup goes before `#root`,
 * which starts behind it; the boot script follows `#root`, deferred (it runs once the page is
 * parsed, before the app's module script, which comes after it). The snapshot starts hidden
 * (`<html>` marked stale) and only the gate shows it: a host whose CSP does not allow the
 * gate (docs/security.md) gets the page as a first visit does, never cards that may be stale.
 */
export function snapshotPageTemplate(html: string, bootSrc: string, gateCode: string): string {
  const bootTag = `<script src="${bootSrc}"></script>`;
  once(html, bootTag);
  once(html, ROOT);
  once(html, HTML_TAG);
  if (html.includes(SNAPSHOT_MARKUP_SLOT) || html.includes(SAVED_AT_SLOT)) throw new Error('index.html already has a snapshot slot');
  // The parser ends a script at the first `</script`, and `<!--` changes how it reads one.
  if (/<\/script|<!--/i.test(gateCode)) throw new Error('the gate script cannot be inline: its code holds </script or <!--');
  return html
    .replace(HTML_TAG, () => `<html lang="en" ${STALE_SNAPSHOT}>`)
    .replace(bootTag, () => `<meta name="${SAVED_AT_META}" content="${SAVED_AT_SLOT}" />\n    <script>${gateCode}</script>`)
    .replace(ROOT, () => `${SNAPSHOT_MARKUP_SLOT}<div id="root" data-behind-snapshot></div>\n    <script defer src="${bootSrc}"></script>`);
}

/** What the build's plugins share: the code of the inline scripts the CSP must allow. */
export interface InlineScripts {
  code: string[];
}

/** `inline` receives the gate's code at the build's start, before index.html's CSP is written. */
export function feedBootScript(inline: InlineScripts): Plugin[] {
  let base = '/';
  let root = '';
  let mode = 'production';
  let envDir: string | false = '';
  let publicDir = '';
  let building = false;
  let fileName = '';
  let gate = '';
  const main: Plugin = {
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
      // Minified like the rest: written for people, the file is mostly comments.
      const theme = (await bundleAlone(this, join(publicDir, THEME_BOOT_FILE), { root, mode, envDir })).trim();
      const code = `${theme}\n${await bundleAlone(this, FEED_BOOT, { root, mode, envDir })}`;
      fileName = `assets/feed-boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      gate = `${theme}\n${(await bundleAlone(this, SNAPSHOT_GATE, { root, mode, envDir })).trim()}`;
      inline.code = [gate];
      this.emitFile({ type: 'asset', fileName: SNAPSHOT_WRITER_PATH.slice(1), source: await bundleAlone(this, SNAPSHOT_WRITER, { root, mode, envDir }, 'es') });
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
  // After Vite has written index.html into the bundle, and before the service worker's plugin
  // lists the files it keeps (vite.config.ts puts this one first).
  const template: Plugin = {
    name: 'feed-boot-snapshot-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') return this.error('index.html is missing from the bundle');
      const source = snapshotPageTemplate(index.source, `${base}${fileName}`, gate);
      this.emitFile({ type: 'asset', fileName: SNAPSHOT_PAGE_TEMPLATE.slice(1), source });
    },
  };
  return [main, template];
}
