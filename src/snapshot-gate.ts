/**
 * The prerendered page's one blocking script (src/snapshot/prerendered.ts), in its head after
 * the theme's code (scripts/feed-boot-plugin.ts puts public/theme-boot.js first): marks the
 * document when the snapshot in its HTML must not show, before the body is parsed. Everything
 * else, the feed call included, is the boot script's, deferred in that page.
 */
import { readStorage } from './app/browser.ts';
import { KEPT_STORIES_STORAGE_KEY } from './app/storage-keys.ts';
import { prerenderedSnapshotHolds, STALE_SNAPSHOT } from './snapshot/prerendered.ts';

if (!prerenderedSnapshotHolds(document, readStorage(KEPT_STORIES_STORAGE_KEY), Date.now())) document.documentElement.setAttribute(STALE_SNAPSHOT, '');
