/**
 * The page's later part (docs/architecture.md#the-boot): everything the page can do beyond its
 * first render is one module, src/app/later.ts, which the app loads once right after its first
 * render, so that a deploy after that takes nothing from the page. Components name what they
 * need from it (`laterComponent('ShareMenu')`, `useLater()`); the app says how it loads
 * (`provideLater`), through src/browser/on-demand.ts.
 */
import { lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

/** What the later module holds, by name: declared by src/app/later.ts, which provides it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in src/app/later.ts
export interface LaterParts {}

export type LaterState = { status: 'waiting' } | { status: 'loaded'; parts: LaterParts } | { status: 'failed'; error: unknown };

const WAITING: LaterState = { status: 'waiting' };
let state: LaterState = WAITING;
let loader: (() => Promise<LaterParts>) | undefined;
let loading: Promise<LaterParts> | undefined;
const listeners = new Set<() => void>();

function settle(next: LaterState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** How the later module loads: set once by the app before its first render. */
export function provideLater(load: () => Promise<LaterParts>): void {
  loader = load;
}

/** Starts the load, once; every caller gets the same promise. */
export function loadLater(): Promise<LaterParts> {
  if (!loader) return Promise.reject(new Error('The app has not said how its later part loads (provideLater)'));
  loading ??= loader().then(
    (parts) => {
      settle({ status: 'loaded', parts });
      return parts;
    },
    (error: unknown) => {
      settle({ status: 'failed', error });
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the later part is: a component draws a stand-in until it has come. */
export function useLater(): LaterState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    // The frame, rendered at build time and hydrated, has none of it.
    () => WAITING,
  );
}

type ComponentName = { [K in keyof LaterParts]: LaterParts[K] extends ComponentType<never> ? K : never }[keyof LaterParts];

/** A component of the later part, for `<Suspense>`: it draws once the part has come, and throws to the nearest boundary if it cannot. */
export function laterComponent<K extends ComponentName>(name: K): LazyExoticComponent<LaterParts[K]> {
  return lazy(() => loadLater().then((parts) => ({ default: parts[name] })));
}
