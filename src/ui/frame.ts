/**
 * The page's actors as components read them, and the page's frame.
 *
 * The page runs its machines as one system (machines/page.ts); a component reads one of them
 * by its system id, through a selector, and sends it events. The frame
 * (docs/product.md#the-page-before-its-scripts): index.html holds the page as a visitor with
 * nothing stored and no filters sees it, rendered at build time by the same components
 * (src/app/prerender.tsx). React hydrates that markup, so the first render in the browser must
 * draw the same frame: while it is drawn, selectors read a second, never started, system of the
 * same machines with no visitor in its input; the visitor's theme, URL filters, kept and saved
 * stories follow in the render right after. Only what is drawn changes: the page's own actors
 * run, and receive events, from the start.
 */
import { useSelector } from '@xstate/react';
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

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
  /** The page's root actor: its system holds every machine of the page. */
  live: AnyActorRef;
  /** The same machines for the frame: created, never started. */
  frame: AnyActorRef;
}

const Systems = createContext<PageSystems | null>(null);

export function SystemProvider({ live, frame, children }: PageSystems & { children: ReactNode }) {
  return createElement(Systems.Provider, { value: { live, frame } }, children);
}

function useSystems(): PageSystems {
  const systems = useContext(Systems);
  if (!systems) throw new Error('A component read the page\'s actors outside SystemProvider');
  return systems;
}

function actorOf<T extends AnyActorRef>(root: AnyActorRef, systemId: string): T {
  const actor = root.system.get(systemId) as T | undefined;
  if (!actor) throw new Error(`The page runs no actor "${systemId}"`);
  return actor;
}

/** The page's running actor `systemId`: to send it events. */
export function useSystemActor<T extends AnyActorRef>(systemId: string): T {
  return actorOf<T>(useSystems().live, systemId);
}

/** A selection of the snapshot of actor `systemId`: the frame's while the frame is drawn, else the running actor's. */
export function useSystemSelector<T extends AnyActorRef, R>(systemId: string, selector: (snapshot: SnapshotFrom<T>) => R, compare?: (a: R, b: R) => boolean): R {
  const systems = useSystems();
  const framing = useFrame();
  const actor: AnyActorRef = actorOf<T>(framing ? systems.frame : systems.live, systemId);
  // The actor is T's: its snapshots are the selector's.
  return useSelector(actor, selector as (snapshot: SnapshotFrom<AnyActorRef>) => R, compare);
}
