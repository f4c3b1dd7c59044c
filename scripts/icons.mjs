/**
 * `node scripts/icons.mjs`: renders the favicon and the app icons of the web app manifest
 * (public/manifest.webmanifest), in headless Chromium, into public/icons/. The PNGs are
 * committed; run this again only when the design changes.
 * - favicon-32.png: the favicon (index.html), a PNG rather than an SVG: Chromium fetches the
 *   favicon again after every change of the URL (each search or filter the page puts in it)
 *   and builds an SVG favicon as a document on the page's main thread, 16-34 ms at 4x CPU
 *   throttling each time, where a 32 px PNG decodes in well under a millisecond;
 * - icon-192.png, icon-512.png: the rounded red square with the white "N" (purpose "any");
 * - icon-maskable-512.png: full-bleed red with the "N" inside the central safe zone (purpose
 *   "maskable"), for launchers that cut icons into circles or squircles.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const RED = '#b42318';
// The favicon's "N", drawn on a 32-unit grid.
const N_PATH = 'M9 23V9h3l8 9.5V9h3v14h-3l-8-9.5V23z';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${RED}"/><path d="${N_PATH}" fill="#fff"/></svg>`;

const icons = [
  { file: 'favicon-32.png', size: 32, svg: rounded },
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  // The "N" scaled to 70% around the centre: well inside the 80% circle launchers keep.
  { file: 'icon-maskable-512.png', size: 512, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${RED}"/><path d="${N_PATH}" fill="#fff" transform="translate(16 16) scale(0.7) translate(-16 -16)"/></svg>` },
];

mkdirSync(out, { recursive: true });
const browser = await launchChromium();
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const html = `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`;
    await page.setContent(html);
    await page.screenshot({ path: `${out}${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
