/**
 * The page's frame (docs/product.md#the-page-before-its-scripts): index.html holds the page as a
 * visitor with nothing stored and no filters sees it, rendered at build time by the same
 * components (src/app/prerender.tsx). React hydrates that markup, so the first render in the
 * browser must draw the same frame; what belongs to this visitor (their theme, their URL's
 * filters, their kept and saved stories) follows in the render right after.
 */
import { createActorContext } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { type AnyActorLogic, createActor, type InputFrom, type SnapshotFrom } from 'xstate';

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

/**
 * createActorContext whose selectors read the machine as it starts for a visitor with nothing
 * stored (`frameInput`) while the frame is drawn, and the running actor after. Only what is
 * drawn changes: the actor itself runs and receives events from the start.
 */
export function createFrameActorContext<TLogic extends AnyActorLogic>(logic: TLogic, frameInput: InputFrom<TLogic>) {
  const context = createActorContext(logic);
  let frame: SnapshotFrom<TLogic> | undefined;
  function useSelector<T>(selector: (snapshot: SnapshotFrom<TLogic>) => T, compare?: (a: T, b: T) => boolean): T {
    const live = context.useSelector(selector, compare);
    const framing = useFrame();
    if (!framing) return live;
    // Never started: its initial snapshot, with no effect run.
    frame ??= createActor(logic, { input: frameInput }).getSnapshot() as SnapshotFrom<TLogic>;
    return selector(frame as SnapshotFrom<TLogic>);
  }
  return { ...context, useSelector };
}
