/** sessionStorage key: this tab has reloaded once for a chunk that failed to load. */
export const CHUNK_RELOAD_KEY = 'newsChunkReload';

/**
 * Vite's `vite:preloadError` (a chunk that failed to load): reloads the page, at most once per
 * tab session; after that the error reaches the boundaries and LoadFailure shows
 * (docs/product.md#when-the-page-cannot-load).
 */
export function reloadOnceForChunkError(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void): void {
  try {
    if (storage.getItem(CHUNK_RELOAD_KEY) !== null) return;
    storage.setItem(CHUNK_RELOAD_KEY, '1');
  } catch {
    // No storage: no way to know whether this tab has reloaded already, so no automatic reload.
    return;
  }
  reload();
}
