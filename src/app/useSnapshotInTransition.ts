import { startTransition, useEffect, useState } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * `actor`'s snapshot, as @xstate/react's `useSelector` reads it, except that a new one renders
 * in a transition: in the background, a few milliseconds per task, the next key or frame
 * first. `useSelector` renders each change at once, in the task that made it: for the feed's
 * answer, the task that delivered it, which 10,000 stories took past 50 ms at 4x CPU
 * throttling (docs/performance.md). Select from it during render: a snapshot is a new object
 * only when the actor's state or context has changed.
 */
export function useSnapshotInTransition<Actor extends AnyActorRef>(actor: Actor): SnapshotFrom<Actor> {
  const [snapshot, setSnapshot] = useState<SnapshotFrom<Actor>>(() => actor.getSnapshot());
  useEffect(() => {
    const update = () => startTransition(() => setSnapshot(actor.getSnapshot() as SnapshotFrom<Actor>));
    // A change between the render and the subscription.
    update();
    const subscription = actor.subscribe(update);
    return () => subscription.unsubscribe();
  }, [actor]);
  return snapshot;
}
