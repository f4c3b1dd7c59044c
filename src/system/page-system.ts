/**
 * The page's actors as components reach them.
 *
 * The page runs its machines as one system (machines/page.ts); a component reads one of them by
 * its id (PageActors, the one list of ids), through a selector, and sends it events, or sends the
 * page itself an intent. Before the system starts, its machines hold what the HTML's frame shows
 * (docs/product.md#the-page-before-its-scripts), so the render that takes the frame over draws it
 * exactly; as it starts, the page tells them what the visitor's browser keeps.
 */
import { useSelector } from '@xstate/react';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PageActorId, PageActors, pageMachine } from '../../machines/page.ts';

/** The page's root actor: its system holds every machine of the page. */
export type PageActor = ActorRefFrom<typeof pageMachine>;

const System = createContext<PageActor | null>(null);

export function SystemProvider({ page, children }: { page: PageActor; children: ReactNode }) {
  return createElement(System.Provider, { value: page }, children);
}

/** The running page: to send it the visitor's intents (machines/page.ts, PageEvent). */
export function usePage(): PageActor {
  const page = useContext(System);
  if (!page) throw new Error("A component read the page's actors outside SystemProvider");
  return page;
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

/** An actor's snapshot, as useSelector names it. */
type SnapshotOf<A> = A extends { getSnapshot(): infer S } ? S : undefined;

/** A selection of the snapshot of actor `id`. */
export function usePageSelector<K extends PageActorId, R>(id: K, selector: (snapshot: SnapshotOf<PageActors[K]>) => R, compare?: (a: R, b: R) => boolean): R {
  return useSelector<PageActors[K], R>(actorOf(usePage(), id), selector, compare);
}
