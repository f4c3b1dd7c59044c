/**
 * The page's later part (docs/architecture.md#the-boot), decided here alone: what it holds (every
 * part beyond the first render, in one module, `./later/later-part.ts`, one chunk) and when it loads:
 * - once the first screen is complete (`firstScreenDrawn`: the first stories, their error or the
 *   samples are drawn, and their lead image has loaded or failed, then a frame), or at the latest
 *   `LATER_AT_THE_LATEST_MS` after the first render (`startDeadline`), whichever comes first;
 * - at once when the visitor asks for a part (`ask`, or drawing a part made with `component`).
 * A load nobody asked for that fails (the connection dropped) leaves the page as it is and is tried
 * again at the browser's `online` event; one asked for that fails is the asker's to show.
 * The rooms never import it: the pages hand each part down as a prop.
 */
import { lazy, startTransition, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { onDemand } from '../browser/on-demand.ts';

/** A home page whose stories are still on their way, and any other page, has its later part by then. */
export const LATER_AT_THE_LATEST_MS = 2000;

type ComponentName<Parts> = { [K in keyof Parts]: Parts[K] extends ComponentType<never> ? K : never }[keyof Parts];
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** The later part of a page, loaded by `load`: one per page, `later` below; tests make their own. */
export function createLater<Parts extends object>(load: () => Promise<Parts>) {
  let parts: Parts | null = null;
  let loading: Promise<Parts> | undefined;
  const listeners = new Set<() => void>();
  let arrive: (loaded: Parts) => void = () => {};
  // Settled only when the part has come: what shows unasked keeps its place until then, whatever failed before.
  const arrival = new Promise<Parts>((resolve) => (arrive = resolve));

  /** Starts the load unless it is on its way or has come; a load that failed is tried again by the next call. */
  function ask(): Promise<Parts> {
    loading ??= load().then(
      (loaded) => {
        parts = loaded;
        for (const listener of listeners) listener();
        arrive(loaded);
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /** The load nobody asked for: if it fails, the page stays as it is, and it is tried again once the browser is back online. */
  function unasked(): void {
    ask().catch(() => addEventListener('online', unasked, { once: true }));
  }

  return {
    ask,
    /** The part once something has loaded it, without starting the load. */
    arrival: (): Promise<Parts> => arrival,

    /** The first render is on screen: the part loads at the latest this long after. Returns the cancel. */
    startDeadline(ms = LATER_AT_THE_LATEST_MS): () => void {
      const timer = setTimeout(unasked, ms);
      return () => clearTimeout(timer);
    },

    /**
     * The first stories (or their error, or the samples) are drawn: the part loads once their lead
     * image (the one image fetched at high priority, StoryImage) has loaded or failed and been
     * painted, not beside it, where both would share a phone's bandwidth (docs/performance-experiments.md).
     */
    firstScreenDrawn(): void {
      const lead = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
      const painted = () => requestAnimationFrame(() => setTimeout(unasked));
      if (!lead || lead.complete) {
        painted();
        return;
      }
      lead.addEventListener('load', painted, { once: true });
      lead.addEventListener('error', painted, { once: true });
    },

    /**
     * The parts once they have come, else null: a stand-in draws until then. The swap is a
     * transition, in slices, not a render on the blocking lane in the task that evaluated them.
     * The frame, rendered at build time and hydrated, has none of them.
     */
    useParts(): Parts | null {
      const [current, setCurrent] = useState<Parts | null>(() => parts);
      useEffect(() => {
        const follow = () => startTransition(() => setCurrent(parts));
        listeners.add(follow);
        // What changed between this render and now.
        follow();
        return () => void listeners.delete(follow);
      }, []);
      return current;
    },

    /**
     * A part's component, for `<Suspense>`: it draws once the part has come. Drawing it fetches the
     * part at once (what the visitor asked for: a menu, a view, the chips of a chosen category), and
     * throws to the nearest boundary if it cannot; with `waits`, it waits for the part (what shows
     * without being asked for: a disclosure, a notice), so that the first screen comes first, and
     * keeps its place while the part cannot come.
     */
    component<K extends ComponentName<Parts>>(name: K, { waits = false } = {}): LazyExoticComponent<ComponentType<PropsOf<Parts[K]>>> {
      return lazy(() => (waits ? arrival : ask()).then((loaded) => ({ default: loaded[name] as ComponentType<PropsOf<Parts[K]>> })));
    },
  };
}

/** What the later part holds. */
export type LaterParts = typeof import('./later/later-part.ts').parts;

/** The page's later part; healed like any part loaded on demand (src/browser/on-demand.ts). */
export const later = createLater<LaterParts>(() => onDemand(() => import('./later/later-part.ts')).then((module) => module.parts));
