import type { AnyActorRef, EventObject } from 'xstate';

/**
 * Where a machine of the page tells what it learns: the page (machines/page.ts), which invokes it
 * with itself as `reportTo` in its input and passes the event on. Run alone (its tests, Stately's
 * tools), a machine has none and tells itself, and no state of it takes the event.
 */
export interface Reporting {
  /** The actor told (the page); absent when the machine runs alone. */
  reportTo?: AnyActorRef;
}

// Generic in the context: `sendTo(reportTo<FeedContext>, ...)` keeps the machine's own context type in the action.
export const reportTo = <TContext extends Reporting>({ context, self }: { context: TContext; self: AnyActorRef }): AnyActorRef => context.reportTo ?? self;

/** From an `enqueueActions`: tells the page (run alone, the machine itself) what the machine learnt. */
export function tellPage<TEvent extends EventObject>({ context, self, enqueue }: { context: Reporting; self: AnyActorRef; enqueue: { sendTo(to: AnyActorRef, event: TEvent): void } }, event: TEvent): void {
  enqueue.sendTo(reportTo({ context, self }), event);
}
