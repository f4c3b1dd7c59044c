/**
 * Keeps `beforeunload` listeners off the page's window. Two libraries add one unconditionally
 * when they load: TanStack Router's history (for navigation blockers, which this app never
 * sets) and React Aria's focus-visible tracking (to undo its own setup, which the unloading
 * page no longer needs). This app never asks a visitor to confirm leaving: nothing is lost on
 * leaving, since bookmarks and kept stories are written as they change.
 *
 * A listener costs every visitor:
 * - each navigation away from the page first waits for the page to run it: at 4x CPU
 *   throttling, the first card of the bench's repeat visit (docs/performance.md) came about
 *   50 ms later with them (median 234 ms against 172 without, static page 99 ms);
 * - Firefox keeps no page with one in its back/forward cache, so Back reloads the whole app.
 *
 * Run by src/boot.ts, the entry's first import, before any library module loads.
 * `window.onbeforeunload` stays as it is: neither library uses it.
 */
export function refuseBeforeUnloadListeners(target: Pick<Window, 'addEventListener'>): void {
  const add = target.addEventListener.bind(target) as (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => void;
  target.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
    if (type === 'beforeunload') return;
    add(type, listener, options);
  }) as Window['addEventListener'];
}
