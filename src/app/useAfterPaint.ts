import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * Runs work in a task of its own after the next frame has painted, so that what the frame shows
 * never waits for it (the URL after a search's results: src/app/HomePage.tsx). One piece of work
 * is pending at a time: scheduling replaces it, `cancel` drops it, and so does unmounting.
 */
export function useAfterPaint(): { schedule(work: () => void): void; cancel(): void } {
  const pending = useRef<() => void>(undefined);
  const cancel = useCallback(() => {
    pending.current?.();
    pending.current = undefined;
  }, []);
  const schedule = useCallback(
    (work: () => void) => {
      cancel();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => {
        timer = setTimeout(() => {
          pending.current = undefined;
          work();
        }, 0);
      });
      pending.current = () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  // One object for the component's life: callbacks that depend on it stay the same.
  return useMemo(() => ({ schedule, cancel }), [schedule, cancel]);
}
