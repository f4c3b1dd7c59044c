/**
 * The boot (docs/architecture.md#the-boot): how far the app has taken over the page's HTML, in
 * one place. Every other file tells it what happened (`tellBoot`) or asks it (`bootState`); only
 * this module writes `<html data-app>`, which index.html's styles read for their "Reload" notice
 * (eslint.config.js refuses any other writer).
 * - `frame`: the HTML's frame, before the app's entry has run (no attribute);
 * - `starting`: the entry has run, React holds the page and takes its presses;
 * - `ready`: the app's first render is on screen, or the app shows its own load failure;
 * - `failed`: a script of the page could not load before the app was ready.
 */
export type BootState = 'frame' | 'starting' | 'ready' | 'failed';

/** What happened: the app's entry put React on the page, the app is on screen, a script could not load. */
export type BootEvent = 'app.starting' | 'app.shown' | 'script.failed';

const STATES: readonly BootState[] = ['frame', 'starting', 'ready', 'failed'];

/** The boot's rules: nothing goes back to the frame, and a page on screen is not failed by a script after it. */
export function nextBootState(state: BootState, event: BootEvent): BootState {
  if (event === 'app.shown') return 'ready';
  if (event === 'app.starting') return state === 'frame' ? 'starting' : state;
  return state === 'ready' ? 'ready' : 'failed';
}

export function bootState(html: HTMLElement = document.documentElement): BootState {
  const written = html.dataset.app;
  return STATES.find((state) => state === written) ?? 'frame';
}

export function tellBoot(event: BootEvent, html: HTMLElement = document.documentElement): void {
  const next = nextBootState(bootState(html), event);
  if (next !== 'frame') html.dataset.app = next;
}
