/**
 * Code loaded on demand, and the page's one way to reload itself
 * (docs/product.md#when-the-page-cannot-load). Every `import()` of src/ is written
 * `onDemand(() => import('./X.tsx'))`; eslint.config.js refuses any other.
 *
 * A part that fails to load, as after a deploy that removed this page's files from the host,
 * reloads the page into the new version, once per tab session, after whatever the page has not
 * yet put into the URL is written there (`beforeReload`). Only when the host still answers for
 * that file: when it cannot be reached at all (the connection is down) a reload would bring the
 * browser's own error page, so the failure stays with the page (LoadFailure, the error screen).
 */

/** sessionStorage key: this tab has reloaded once for a part that failed to load. */
export const CHUNK_RELOAD_KEY = 'newsChunkReload';

/** How long the host has to answer for the failed file before the page counts it as unreachable. */
export const PROBE_TIMEOUT_MS = 10_000;

/** A part of the page that could not load, and that no reload will bring. */
export class LoadFailedError extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not load', { cause });
    this.name = 'LoadFailedError';
  }
}

const writers = new Set<() => void>();
let reloading = false;

/** `write` runs just before the page reloads itself: it puts into the URL what is not there yet. Returns its removal. */
export function beforeReload(write: () => void): () => void {
  writers.add(write);
  return () => {
    writers.delete(write);
  };
}

/** Reloads the page, once, after every `beforeReload` writer has run. */
export function reloadPage(): void {
  if (reloading) return;
  reloading = true;
  for (const write of writers) {
    try {
      write();
    } catch {
      // A writer that fails loses its own part of the URL, not the reload.
    }
  }
  location.reload();
}

/** Never settles: the page is reloading, and what waited for the part goes with it. */
const leaving = new Promise<never>(() => {});

export async function onDemand<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    // Any answer for the file (a 404 after a deploy above all) says the host is there; none says the connection is not.
    const hostAnswers = await fetch(failedFile(error, location), { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      () => true,
      () => false,
    );
    if (hostAnswers && !reloading && firstReload(sessionStorage)) reloadPage();
    if (reloading) return leaving;
    throw new LoadFailedError(error);
  }
}

/** Marks this tab's one reload; false once it has had it, or when no storage can remember it (then no automatic reload). */
function firstReload(storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  try {
    if (storage.getItem(CHUNK_RELOAD_KEY) !== null) return false;
    storage.setItem(CHUNK_RELOAD_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * The file whose import failed, as Chromium and Firefox name it in the error ("Failed to fetch
 * dynamically imported module: <url>"), if it is on this site; else the page itself (Safari
 * names none).
 */
export function failedFile(error: unknown, page: Pick<Location, 'href' | 'origin'>): string {
  const named = /\bhttps?:\/\/\S+/.exec(String(error))?.[0];
  return named?.startsWith(`${page.origin}/`) ? named : page.href;
}
