/**
 * When the snapshot shows (src/snapshot/paint.ts), run by src/feed-boot.ts before the app's
 * JavaScript: on the home page without filters, at once from the stories kept by an earlier
 * visit (docs/product.md#stored-in-the-browser: validated, under 24 hours old); without them,
 * from the page's first feed answer as soon as it arrives, unless the app's story area has
 * settled by then or the visitor is already using the app's page. The app calls `endSnapshot`
 * when its story area has settled.
 */
import { storiesIfChecked } from '../app/checked-stories.ts';
import { KEPT_STORIES_STORAGE_KEY, LAST_VISIT_STORAGE_KEY } from '../app/storage-keys.ts';
import { bootHandoff } from '../boot/handoff.ts';
import { parseKeptStories } from '../domain/kept-feed.ts';
import { parseLastVisit } from '../domain/new-since.ts';
import { storiesFromAnswer } from '../domain/normalize.ts';
import type { Story } from '../domain/story.ts';
import { isUnfilteredHome } from './home.ts';
import { adoptSnapshot, paintSnapshot, removeSnapshot, SNAPSHOT_CARDS, SNAPSHOT_ID } from './paint.ts';
import { prerenderedSnapshotHolds, STALE_SNAPSHOT } from './prerendered.ts';

export { isUnfilteredHome };

/**
 * The first `count` stories of a feed answer, as validating the whole answer would give them
 * (docs/product.md#the-story-and-its-validation): an item is kept or dropped by itself and
 * the items before it, so only as much of a large answer as needed is validated.
 */
export function firstValidStories(answer: unknown, count: number): Story[] {
  const checked = storiesIfChecked(answer);
  if (checked) return checked.slice(0, count);
  return storiesFromAnswer(answer, count).stories;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export interface SnapshotBootOptions {
  /**
   * Starts the page's first feed call and gives its answer (undefined when the app has made
   * its own). Called at once; with kept stories to show, right after they are painted.
   * `withKeptStories`: the page has kept stories to show while the call runs (in the snapshot
   * or, off the unfiltered home page, in the app), so the first cards do not wait for it.
   */
  startFeedCall(withKeptStories: boolean): Promise<unknown> | undefined;
  now?: number;
}

/**
 * Runs `paint` as soon as `#root`, before which the snapshot goes, has been parsed: at once if
 * it has, else at the end of the parser's task that adds it, so the page's first frame already
 * shows the cards (waiting for the whole body, as `readystatechange` does, let a frame of the
 * empty page go first). When parsing ends without a `#root`, `paint` runs then and finds none.
 */
function whenRootParsed(doc: Document, paint: () => void): void {
  if (doc.getElementById('root') || doc.readyState !== 'loading') return paint();
  const done = () => {
    observer.disconnect();
    doc.removeEventListener('readystatechange', done);
    paint();
  };
  const observer = new MutationObserver(() => {
    if (doc.getElementById('root')) done();
  });
  observer.observe(doc, { childList: true, subtree: true });
  doc.addEventListener('readystatechange', done);
}

/**
 * Paints the snapshot from the kept stories as soon as `#root` is parsed, or from the first
 * feed answer when it arrives. Runs in the head, before `#root` exists.
 *
 * With kept stories, the feed call starts only once they are painted: they need no network,
 * and the call's own work (starting the request, then reading its answer, which on a fast
 * connection arrives before the body is parsed) would hold them back (docs/performance.md).
 */
export function startSnapshot(doc: Document, { startFeedCall, now = Date.now() }: SnapshotBootOptions): void {
  // The prerendered page (prerendered.ts): its snapshot came with the HTML, and this script
  // runs once the page is parsed. It stays if it may (asked again here: a policy may have
  // blocked the gate, which then left it hidden); else it goes, and the page starts as a plain one.
  if (doc.getElementById(SNAPSHOT_ID)) {
    const holds = !doc.documentElement.hasAttribute(STALE_SNAPSHOT) && prerenderedSnapshotHolds(doc, readStorage(KEPT_STORIES_STORAGE_KEY), now);
    doc.documentElement.removeAttribute(STALE_SNAPSHOT);
    if (holds) {
      adoptSnapshot(doc);
      startFeedCall(true);
      return;
    }
    removeSnapshot(doc);
  }
  const kept = parseKeptStories(readStorage(KEPT_STORIES_STORAGE_KEY), now, SNAPSHOT_CARDS);
  if (!isUnfilteredHome(doc.location)) {
    startFeedCall(kept !== null);
    return;
  }
  if (kept) {
    whenRootParsed(doc, () => {
      // Kept stories carry no "New" in the app either: only live ones do.
      paintSnapshot(doc, kept.stories, { lastVisit: null });
      startFeedCall(true);
    });
    return;
  }
  const earlyAnswer = startFeedCall(false);
  // Read before the app records this visit (src/app/lastVisit.ts).
  const lastVisit = parseLastVisit(readStorage(LAST_VISIT_STORAGE_KEY));
  earlyAnswer?.then(
    (answer) => {
      const stories = firstValidStories(answer, SNAPSHOT_CARDS);
      whenRootParsed(doc, () => {
        // Over the app's skeleton too: at 4x CPU throttling the app's own cards follow the answer
        // by up to a second. Never once the app has shown its cards, nor over a page the visitor
        // has started to use (focus inside it), which the snapshot would hide.
        if (!bootHandoff().snapshotEnded && !inUse(doc)) paintSnapshot(doc, stories, { lastVisit });
      });
    },
    () => {
      // The app's own call decides what a failure shows (retry, then the samples).
    },
  );
}

/** Focus is inside the app's page: the visitor is using it. */
function inUse(doc: Document): boolean {
  const active = doc.activeElement;
  return active !== null && active !== doc.body && doc.getElementById('root')?.contains(active) === true;
}

/** The app's story area has settled (its cards, or a state without them): the snapshot goes for good. */
export function endSnapshot(doc: Document): void {
  bootHandoff().snapshotEnded = true;
  removeSnapshot(doc);
}
