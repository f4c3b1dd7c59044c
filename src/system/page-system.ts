/**
 * The page's actors as components reach them.
 *
 * The page runs its machines as one system (machines/page.ts); a component reads one of them by
 * its id (PageActors, the one list of ids), through a selector, and sends it events, or sends the
 * page itself an intent. Before the system starts, its machines hold what the HTML's frame shows
 * (docs/product.md#the-page-before-its-scripts); as it starts, the page tells them what the
 * visitor's browser keeps. Those first snapshots are React's server snapshot: whatever React
 * hydrates (the first render, and a part of the frame it takes over later, when that part's code
 * has come) draws the frame, and the running machines' state right after.
 */
import { createContext, createElement, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/shim/with-selector';
import type { ActorRefFrom } from 'xstate';
import type { PageActorId, PageActors, pageMachine } from '../../machines/page.ts';

/** The page's root actor: its system holds every machine of the page. */
export type PageActor = ActorRefFrom<typeof pageMachine>;

interface System {
  page: PageActor;
  /** Each actor's snapshot before the page started: the frame. */
  frame: ReadonlyMap<string, unknown>;
}

const SystemContext = createContext<System | null>(null);

/** Gives components the page; rendered before it starts, so it notes the frame's snapshots. */
export function SystemProvider({ page, children }: { page: PageActor; children: ReactNode }) {
  const [system] = useState<System>(() => ({ page, frame: new Map(Object.entries(page.getSnapshot().children).map(([id, child]) => [id, child?.getSnapshot()])) }));
  return createElement(SystemContext.Provider, { value: system }, children);
}

function useSystem(): System {
  const system = useContext(SystemContext);
  if (!system) throw new Error("A component read the page's actors outside SystemProvider");
  return system;
}

/** The running page: to send it the visitor's intents (machines/page.ts, PageEvent). */
export function usePage(): PageActor {
  return useSystem().page;
}

function actorOf<K extends PageActorId>(root: PageActor, id: K): PageActors[K] {
  // The page machine registers each of its actors under its id (machines/page.ts, `systemId`).
  const actor = root.system.get(id) as PageActors[K] | undefined;
  if (!actor) throw new Error(`The page runs no actor "${id}"`);
  return actor;
}

/** The page's running actor `id`: to send it events. */
export function usePageActor<K extends PageActorId>(id: K): PageActors[K] {
  return actorOf(usePage(), id);
}

/** What a selector needs of an actor. */
interface Store {
  subscribe(onChange: () => void): { unsubscribe(): void };
  getSnapshot(): unknown;
}

/** An actor's snapshot. */
type SnapshotOf<A> = A extends { getSnapshot(): infer S } ? S : never;

/** A selection of the snapshot of actor `id`: the frame's while React hydrates, else the running actor's. */
export function usePageSelector<K extends PageActorId, R>(id: K, selector: (snapshot: SnapshotOf<PageActors[K]>) => R, compare?: (a: R, b: R) => boolean): R {
  const { page, frame } = useSystem();
  const actor: Store = actorOf(page, id);
  const store = useMemo(
    () => ({
      subscribe: (onChange: () => void) => actor.subscribe(onChange).unsubscribe,
      getSnapshot: () => actor.getSnapshot() as SnapshotOf<PageActors[K]>,
      // This actor's first snapshot, noted before the page started.
      getFrameSnapshot: () => (frame.has(id) ? frame.get(id) : actor.getSnapshot()) as SnapshotOf<PageActors[K]>,
    }),
    [actor, frame, id],
  );
  return useSyncExternalStoreWithSelector(store.subscribe, store.getSnapshot, store.getFrameSnapshot, selector, compare);
}
