import type { AnyActorRef } from 'xstate';

/**
 * Where a machine of the page tells what it learns: the actor running it, the page
 * (machines/page.ts), which passes it on. Run alone (its tests, Stately's tools), the machine
 * tells itself, and no state of it takes the event.
 */
export const reportTo = ({ self }: { self: AnyActorRef }): AnyActorRef => self._parent ?? self;
