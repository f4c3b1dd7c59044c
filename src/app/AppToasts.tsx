import { useEffect, useState } from 'react';
import type { PendingToasts } from '../components/pending-toasts.ts';
import { createToastQueue } from '../components/toast-queue.ts';
import { ToastRegion } from '../components/Toasts.tsx';
import { TOASTS, type ToastName } from './messages.ts';

/**
 * The app's toast region: its own queue, which takes over the toasts raised before this chunk
 * loaded and every later one (src/components/pending-toasts.ts). The app raises them by name;
 * their words (src/app/messages.ts) come with this chunk, not with the first render.
 */
export function AppToastRegion({ pending }: { pending: PendingToasts<ToastName> }) {
  const [queue] = useState(createToastQueue);
  useEffect(() => pending.connect({ add: (name) => queue.add(TOASTS[name]) }), [pending, queue]);
  return <ToastRegion queue={queue} />;
}
