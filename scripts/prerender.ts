/**
 * The page's frame in its HTML (docs/product.md#the-page-before-its-scripts): at the end of the
 * client build, `src/app/prerender.tsx` is built for Node with the same component plugins, run,
 * and its markup and styles written into index.html (`/`) and 404.html (any other path);
 * src/main.tsx hydrates them. Before the service worker's file list is made, so the worker keeps
 * the prerendered files.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type PluginOption, type Plugin, type Rollup } from 'vite';

const ENTRY = 'src/app/prerender.tsx';
/** Inside the project, so that Node resolves the bundle's imports from node_modules. */
const OUT_DIR = 'node_modules/.cache/newsroom-prerender';

/** What src/app/prerender.tsx exports. */
type PrerenderModule = { prerender(path: string): Promise<{ html: string; styles: string; page: string }> };

/** The empty root that index.html holds, which the frame fills. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/** index.html with the frame rendered for `path` inside its root, and its style tags at the end of its head. */
export function withFrame(indexHtml: string, frame: { html: string; styles: string; page: string }): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} for the prerendered frame`);
  return indexHtml
    .replace('</head>', () => `${frame.styles}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-page="${frame.page}">${frame.html}</div>`);
}

/** `plugins`: the ones that decide what the components render (JSX, styled-components' ids), the same as the client's. */
export function prerenderFrame(plugins: () => PluginOption[]): Plugin {
  let root = '';
  let mode = '';
  let production = true;
  return {
    name: 'newsroom-prerender',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // Before newsroom-standalone-scripts lists the files for the service worker.
    enforce: 'post',
    configResolved(config) {
      [root, mode, production] = [config.root, config.mode, config.isProduction];
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('the build has no index.html to prerender into');
      // A folder of its own each time: Node keeps every module it has imported, by its URL.
      const outDir = join(root, OUT_DIR, `${process.pid}-${Date.now()}`);
      await build({
        configFile: false, root, mode, logLevel: 'warn', plugins: plugins(),
        // Every dependency in it: Node runs it as it is. React's build (production or not) as the page's.
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
        build: { ssr: join(root, ENTRY), outDir, emptyOutDir: true, sourcemap: false, minify: false, rollupOptions: { output: { entryFileNames: 'prerender.mjs' } } },
      });
      try {
        const { prerender } = (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as PrerenderModule;
        const indexHtml = String(index.source);
        index.source = withFrame(indexHtml, await prerender('/'));
        this.emitFile({ type: 'asset', fileName: '404.html', source: withFrame(indexHtml, await prerender('/404')) } satisfies Rollup.EmittedAsset);
      } finally {
        if (!process.env.KEEP_PRERENDER) rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
