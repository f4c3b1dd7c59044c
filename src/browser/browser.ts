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

/** Offers `text` as a download named `name` (a JSON file): an object URL clicked through a link, then revoked. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the URL is no longer needed once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
