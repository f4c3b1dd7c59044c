/**
 * The prerendered page's one blocking script (src/snapshot/prerendered.ts), inline in its head
 * after the theme's code (scripts/feed-boot-plugin.ts), allowed by its hash in the CSP. The page
 * comes with the snapshot hidden (`<html>` marked stale); this shows it, before the body is
 * parsed, when it may show. Everything else, the feed call included, is the boot script's,
 * deferred in that page.
 */
import { readStorage } from './app/browser.ts';
import { KEPT_STORIES_STORAGE_KEY } from './app/storage-keys.ts';
import { prerenderedSnapshotHolds, STALE_SNAPSHOT } from './snapshot/prerendered.ts';

document.documentElement.toggleAttribute(STALE_SNAPSHOT, !prerenderedSnapshotHolds(document, readStorage(KEPT_STORIES_STORAGE_KEY), Date.now()));
