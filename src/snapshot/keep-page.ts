/**
 * Writes the prerendered home page (src/snapshot/prerendered.ts) into the service worker's
 * cache as `/`, once live stories have been kept, and once a worker is active: the build's
 * template from the same cache, filled with the snapshot of the kept stories' first cards.
 * Built on its own as `/snapshot-writer.js` (scripts/feed-boot-plugin.ts) and loaded by the
 * app on demand (src/app/snapshot-page.ts), so none of it weighs on the app's first render.
 *
 * Only into the cache of the build this page runs (the template there names the same app
 * script as this document), so the page it writes loads this build's files. Without caches,
 * a worker's cache or the template (development, a first visit before the worker has
 * installed), it writes nothing, and the next visit loads the plain page.
 */
import { readStorage } from '../app/browser.ts';
import { KEPT_STORIES_STORAGE_KEY } from '../app/storage-keys.ts';
import { parseKeptStories } from '../domain/kept-feed.ts';
import type { Story } from '../domain/story.ts';
import { SNAPSHOT_CARDS, snapshotElement } from './paint.ts';
import { fillSnapshotPage, SITE_CACHE_PREFIX, SITE_SHELL, SNAPSHOT_PAGE_TEMPLATE } from './prerendered.ts';

/** Headers that describe the cached body as it came over the network, not the page written here. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'last-modified'];

/** The snapshot's HTML, built in an inert document: nothing in it loads or runs while it is built. */
export function snapshotMarkup(stories: readonly Story[]): string {
  const inert = document.implementation.createHTMLDocument('');
  // Kept stories carry no "New", in the app as in the snapshot painted from them.
  return snapshotElement(inert, stories.slice(0, SNAPSHOT_CARDS), { lastVisit: null }).outerHTML;
}

/** Resolves in a task of its own, after what is already queued. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** This document's app script, as the build's HTML names it. */
function appScript(doc: Document): string | null {
  return doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/**
 * Writes the prerendered page of the stories kept now (`newsLastFeed`, read as the boot script
 * reads it) into this build's cache. True when it did; false when there is nothing to write
 * (no kept stories, no caches, no cache of this build with its template).
 */
export async function keepSnapshotPage(doc: Document = document, now: number = Date.now()): Promise<boolean> {
  const kept = parseKeptStories(readStorage(KEPT_STORIES_STORAGE_KEY), now, SNAPSHOT_CARDS);
  if (!kept || typeof caches === 'undefined') return false;
  const script = appScript(doc);
  if (!script) return false;
  for (const name of await caches.keys()) {
    if (!name.startsWith(SITE_CACHE_PREFIX)) continue;
    const cache = await caches.open(name);
    const [template, shell] = await Promise.all([cache.match(SNAPSHOT_PAGE_TEMPLATE), cache.match(SITE_SHELL)]);
    if (!template || !shell) continue;
    const text = await template.text();
    if (!text.includes(`src="${script}"`)) continue;
    const markup = snapshotMarkup(kept.stories);
    // Building the markup is most of a task the first time (30-45 ms at 4x CPU throttling,
    // compiling as it goes): the page is filled and written in the next one.
    await nextTask();
    const page = fillSnapshotPage(text, markup, kept.savedAt);
    if (page === null) return false;
    const headers = new Headers(shell.headers);
    for (const header of BODY_HEADERS) headers.delete(header);
    headers.set('content-type', 'text/html; charset=utf-8');
    await cache.put(SITE_SHELL, new Response(page, { status: 200, headers }));
    return true;
  }
  return false;
}
