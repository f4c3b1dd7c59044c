/**
 * The page's later part (docs/architecture.md#the-boot): everything the page can do beyond its
 * first render is one module, src/app/later.ts, which the app loads once, as soon as the first
 * screen is complete (`loadLaterAfterFirstScreen`), so that a deploy after that takes nothing from
 * the page. Components name what they need from it (`laterComponent('ShareMenu')`, `useLater()`);
 * the app says how it loads (`provideLater`), through src/browser/on-demand.ts.
 */
import { lazy, startTransition, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** What the later module holds, by name: declared by src/app/later.ts, which provides it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in src/app/later.ts
export interface LaterParts {}

export type LaterState = { status: 'waiting' } | { status: 'loaded'; parts: LaterParts };

const WAITING: LaterState = { status: 'waiting' };
let state: LaterState = WAITING;
let loader: (() => Promise<LaterParts>) | undefined;
let loading: Promise<LaterParts> | undefined;
const listeners = new Set<() => void>();
let arrived: (parts: LaterParts) => void = () => {};
// Settled only when the part has come: what shows unasked keeps its place until then, whatever failed before.
const loaded = new Promise<LaterParts>((resolve) => (arrived = resolve));

/** How the later module loads: set once by the app before its first render. */
export function provideLater(load: () => Promise<LaterParts>): void {
  loader = load;
}

/**
 * Starts the load unless it is on its way or has come; every caller meanwhile gets the same
 * promise. A load that failed is tried again by the next call: the failure is the asker's to show.
 */
export function loadLater(): Promise<LaterParts> {
  if (!loader) return Promise.reject(new Error('The app has not said how its later part loads (provideLater)'));
  loading ??= loader().then(
    (parts) => {
      state = { status: 'loaded', parts };
      for (const listener of listeners) listener();
      arrived(parts);
      return parts;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The load nobody asked for (the first screen is complete, or its deadline has come). If it
 * fails, as when the connection drops, the page stays as it is, and the load is tried again once
 * the browser is back online.
 */
export function loadLaterUnasked(): void {
  loadLater().catch(() => addEventListener('online', loadLaterUnasked, { once: true }));
}

/** The part once something has loaded it, without starting the load: for what shows without the visitor asking. */
export function laterLoaded(): Promise<LaterParts> {
  return loaded;
}

// What the first screen still waits for: its lead image (StoryImage).
let firstScreen: Promise<void> = Promise.resolve();

/**
 * The first screen's lead image is on its way: the later part is fetched once it has loaded or
 * failed, not beside it, where both would share a phone's bandwidth (docs/performance-experiments.md).
 */
export function firstScreenAwaits(image: HTMLImageElement): void {
  if (image.complete) return;
  firstScreen = new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/** The first stories (or their error, or the samples) are drawn: the later part loads once their lead image has come and been painted. */
export function loadLaterAfterFirstScreen(): void {
  void firstScreen.then(() => requestAnimationFrame(() => setTimeout(loadLaterUnasked)));
}

/**
 * Where the later part is: a component draws a stand-in until it has come. The swap is a
 * transition, in slices, not a render on the blocking lane in the task that evaluated the part (a
 * store's update would be). The frame, rendered at build time and hydrated, has none of it.
 */
export function useLater(): LaterState {
  const [current, setCurrent] = useState(() => state);
  useEffect(() => {
    const follow = () => startTransition(() => setCurrent(state));
    listeners.add(follow);
    // What changed between this render and now.
    follow();
    return () => void listeners.delete(follow);
  }, []);
  return current;
}

type ComponentName = { [K in keyof LaterParts]: LaterParts[K] extends ComponentType<never> ? K : never }[keyof LaterParts];

/**
 * A component of the later part, for `<Suspense>`: it draws once the part has come. Drawing it
 * fetches the part at once (what the visitor asked for: a menu, a view, the chips of a chosen
 * category), and throws to the nearest boundary if it cannot; with `waits`, it waits for the part
 * (what shows without being asked for: a disclosure, a notice), so that the first screen comes
 * first, and keeps its place while the part cannot come: the page loses nothing to a dropped connection.
 */
export function laterComponent<K extends ComponentName>(name: K, { waits = false } = {}): LazyExoticComponent<LaterParts[K]> {
  return lazy(() => (waits ? laterLoaded() : loadLater()).then((parts) => ({ default: parts[name] })));
}
