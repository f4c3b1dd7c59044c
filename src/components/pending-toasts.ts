/**
 * Where toasts go: the toast region's queue, once its chunk has loaded. The app raises them
 * by name (src/app/messages.ts), and their words come with the region.
 */
export interface ToastSink<Toast> {
  add(toast: Toast): unknown;
}

/**
 * The app's toasts before the toast region (and React Aria's queue, which comes with it) has
 * loaded: they wait here, in order, and the region takes them over when it connects
 * (src/app/deferred-components.tsx). Kept apart from the queue so that the first render does
 * not need the queue's code.
 */
export interface PendingToasts<Toast> extends ToastSink<Toast> {
  /** Sends the waiting toasts, then every later one, to `sink`; returns the disconnect function. */
  connect(sink: ToastSink<Toast>): () => void;
}

export function createPendingToasts<Toast>(): PendingToasts<Toast> {
  let current: ToastSink<Toast> | null = null;
  const waiting: Toast[] = [];
  return {
    add(toast) {
      if (current) current.add(toast);
      else waiting.push(toast);
    },
    connect(sink) {
      current = sink;
      for (const toast of waiting.splice(0)) sink.add(toast);
      return () => {
        if (current === sink) current = null;
      };
    },
  };
}
