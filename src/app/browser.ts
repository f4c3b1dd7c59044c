/**
 * The browser's side effects, wrapped so that none of them can crash the page:
 * unreadable storage reads as absent, and a missing API is a rejected promise.
 */

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Throws when storage refuses (quota, privacy mode); callers decide what that means. */
export function writeStorage(key: string, value: string): void {
  window.localStorage.setItem(key, value);
}

/**
 * One step of work run by `latestInOwnTasks`; returning false drops the steps after it. It must
 * not throw: the steps after one that throws, and any later work, wait until the page is left.
 */
export type Step = () => boolean | void;

/**
 * Runs work in tasks of its own after the current task (and the render it triggers), one step
 * per task, so that no step adds to another's: the latest work wins over one still waiting
 * (the steps it has left are dropped), and leaving the page (pagehide) runs the waiting steps
 * at once, so nothing is lost to a quick reload or navigation.
 */
export function latestInOwnTasks(): (...steps: Step[]) => void {
  let waiting: Step[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The next step, or (leaving) all that are left; a step returning false ends its work.
  const run = (leaving: boolean) => {
    clearTimeout(timer);
    do if (waiting.shift()?.() === false) waiting = [];
    while (leaving && waiting.length > 0);
    if (waiting.length > 0) timer = setTimeout(run, 0, false);
    else removeEventListener('pagehide', leave);
  };
  const leave = () => run(true);
  return (...steps) => {
    if (waiting.length === 0) {
      addEventListener('pagehide', leave);
      timer = setTimeout(run, 0, false);
    }
    waiting = steps;
  };
}

export function prefersDarkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}

export async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The visitor is reading when the page is scrolled or focus is inside the story area (the feed's `isReading`). */
export function isVisitorReading(): boolean {
  const area = document.getElementById('stories');
  return window.scrollY > 0 || (area !== null && area.contains(document.activeElement));
}
