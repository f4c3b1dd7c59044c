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

export function prefersDarkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
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

/**
 * The window for a library that adds a `beforeunload` listener the page has no use for (TanStack
 * Router's history, for navigation blockers the page never sets): the page registers none, so a
 * browser may keep it for Back (docs/product.md#decisions-where-the-brief-was-silent).
 */
export function windowWithoutUnloadListener(): Window {
  const addEventListener = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    if (type !== 'beforeunload') window.addEventListener(type, listener, options);
  };
  return new Proxy(window, {
    get(target, key) {
      if (key === 'addEventListener') return addEventListener;
      const value: unknown = Reflect.get(target, key, target);
      // The window's own methods run on the window, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
