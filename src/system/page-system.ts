/**
 * The page's actors as components reach them, and the page's frame.
 *
 * The page runs its machines as one system (machines/page.ts); a component reads one of them by
 * its id (PageActors, the one list of ids), through a selector, and sends it events, or sends the
 * page itself an intent. The frame (docs/product.md#the-page-before-its-scripts): index.html
 * holds the page as a visitor with nothing stored and no filters sees it, rendered at build time
 * by the same components (src/app/prerender.tsx). React hydrates that markup, so the first render
 * in the browser must draw the same frame: while it is drawn, selectors read a second, never
 * started, system of the same machines with no visitor in its input; the visitor's theme, URL
 * filters, kept and saved stories follow in the render right after. Only what is drawn changes:
 * the page's own actors run, and receive events, from the start.
 */
import { useSelector } from '@xstate/react';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PageActorId, PageActors, pageMachine } from '../../machines/page.ts';

/** The page's root actor: its system holds every machine of the page. */
export type PageActor = ActorRefFrom<typeof pageMachine>;

const noChanges = () => () => {};

/**
 * True while the frame is drawn: at build time, and in the browser's hydrating render; false
 * after it and whenever the page renders without hydrating. React renders again by itself
 * once the value changes (useSyncExternalStore's server snapshot).
 */
export function useFrame(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
}

interface PageSystems {
  live: PageActor;
  /** The same machines for the frame: created, never started. */
  frame: PageActor;
}

const Systems = createContext<PageSystems | null>(null);

export function SystemProvider({ live, frame, children }: PageSystems & { children: ReactNode }) {
  return createElement(Systems.Provider, { value: { live, frame } }, children);
}

function useSystems(): PageSystems {
  const systems = useContext(Systems);
  if (!systems) throw new Error("A component read the page's actors outside SystemProvider");
  return systems;
}

function actorOf<K extends PageActorId>(root: PageActor, id: K): PageActors[K] {
  // The page machine registers each of its actors under its id (machines/page.ts, `systemId`).
  const actor = root.system.get(id) as PageActors[K] | undefined;
  if (!actor) throw new Error(`The page runs no actor "${id}"`);
  return actor;
}

/** The running page: to send it the visitor's intents (machines/page.ts, PageEvent). */
export function usePage(): PageActor {
  return useSystems().live;
}

/** The page's running actor `id`: to send it events. */
export function usePageActor<K extends PageActorId>(id: K): PageActors[K] {
  return actorOf(useSystems().live, id);
}

/** An actor's snapshot, as useSelector names it. */
type SnapshotOf<A> = A extends { getSnapshot(): infer S } ? S : undefined;

/** A selection of the snapshot of actor `id`: the frame's while the frame is drawn, else the running actor's. */
export function usePageSelector<K extends PageActorId, R>(id: K, selector: (snapshot: SnapshotOf<PageActors[K]>) => R, compare?: (a: R, b: R) => boolean): R {
  const systems = useSystems();
  const framing = useFrame();
  return useSelector<PageActors[K], R>(actorOf(framing ? systems.frame : systems.live, id), selector, compare);
}
