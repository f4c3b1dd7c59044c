/**
 * The home page with the snapshot already in its HTML (docs/deploy.md#offline-and-updates):
 * once a visit has kept live stories, the page writes the build's page template
 * (`/snapshot.html`, made by scripts/feed-boot-plugin.ts) filled with the snapshot of their
 * first cards into the service worker's cache as `/`, so the next visit's document itself
 * carries the cards: they show as the HTML is parsed, as a static page's do, before any script.
 *
 * The template's head has a small blocking script, inline (src/snapshot-gate.ts, allowed by its
 * hash in the CSP): the theme, and whether the cards in the document may show. They may only on
 * the home page without filters and while the kept stories they were made from are still the
 * kept ones (the same `saved_at`, under 24 hours old: docs/product.md#stored-in-the-browser).
 * The document comes marked stale, which the snapshot's styles hide, and only the gate unmarks
 * it; cards that may not show stay hidden until the boot script (deferred here) removes them.
 */
import { parseKeptStories } from '../domain/kept-feed.ts';
import { isUnfilteredHome } from './home.ts';

/**
 * The service worker's cache names start with this, and it keeps the site's page under this
 * path: src/sw/policy.ts's CACHE_PREFIX and APP_SHELL, repeated here because the worker must
 * build into one file, sharing no module with the app (a test checks that they agree).
 */
export const SITE_CACHE_PREFIX = 'newsroom-';
export const SITE_SHELL = '/';

/** The build's template of the prerendered page, kept by the service worker with the site's files. */
export const SNAPSHOT_PAGE_TEMPLATE = '/snapshot.html';
/** The writer of the prerendered page (keep-page.ts), built on its own: the app imports it from here. */
export const SNAPSHOT_WRITER_PATH = '/snapshot-writer.js';

/** What the writer's module exports. */
export interface SnapshotWriter {
  keepSnapshotPage(): Promise<boolean>;
}

/** Where the snapshot's markup goes in the template: right before `#root`. */
export const SNAPSHOT_MARKUP_SLOT = '<!--snapshot-->';
/** The template's stand-in for the kept stories' `saved_at`, in a meta tag of its head. */
export const SAVED_AT_SLOT = '__SNAPSHOT_SAVED_AT__';
/** The meta tag naming the `saved_at` of the stories the document's snapshot shows. */
export const SAVED_AT_META = 'snapshot-saved-at';
/** On <html> while the document's snapshot must not show (src/snapshot/styles.ts hides it): the template's start. */
export const STALE_SNAPSHOT = 'data-stale-snapshot';

/** An ISO time as `toISOString()` writes it: the only `saved_at` the page ever stores. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The template with the snapshot's markup and the kept stories' `saved_at` in place. The markup
 * is the snapshot's element serialized by the browser (paint.ts builds it with DOM calls, so
 * every story text and URL in it is escaped); `saved_at` goes into an attribute, so it must be
 * an ISO time. Null when the template is not one this build made or `savedAt` is not an ISO time.
 */
export function fillSnapshotPage(template: string, markup: string, savedAt: string): string | null {
  if (!ISO_TIME.test(savedAt)) return null;
  const slot = template.indexOf(SNAPSHOT_MARKUP_SLOT);
  const meta = template.indexOf(SAVED_AT_SLOT);
  if (slot < 0 || meta < 0 || template.includes(SNAPSHOT_MARKUP_SLOT, slot + 1) || template.includes(SAVED_AT_SLOT, meta + 1)) return null;
  // Plain slicing: String.replace would read `$&` and the like in the markup as patterns.
  const filled = template.slice(0, slot) + markup + template.slice(slot + SNAPSHOT_MARKUP_SLOT.length);
  const at = filled.indexOf(SAVED_AT_SLOT);
  return filled.slice(0, at) + savedAt + filled.slice(at + SAVED_AT_SLOT.length);
}

/**
 * Whether the snapshot in this document (if any) may show: on the home page without filters,
 * and `stored` (the raw `newsLastFeed`) holds the stories it was made from, still under 24 hours
 * old. Asked by the gate script in the head, before the body is parsed (the meta tag comes
 * before it), and again by the deferred boot script.
 */
export function prerenderedSnapshotHolds(doc: Document, stored: string | null, now: number): boolean {
  const savedAt = doc.querySelector(`meta[name="${SAVED_AT_META}"]`)?.getAttribute('content');
  if (!savedAt || !isUnfilteredHome(doc.location)) return false;
  return parseKeptStories(stored, now, 1)?.savedAt === savedAt;
}
