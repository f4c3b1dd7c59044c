import { UNSTABLE_ToastQueue as ToastQueue, type ToastOptions } from 'react-aria-components';
import type { AppToast } from '../messages.ts';

export const TOAST_TIMEOUT_MS = 5000;

/** A queue whose toasts close after 5 s unless the caller passes its own timeout. */
class AppToastQueue extends ToastQueue<AppToast> {
  override add(content: AppToast, options?: ToastOptions): string {
    return super.add(content, { timeout: TOAST_TIMEOUT_MS, ...options });
  }
}

export function createToastQueue(): ToastQueue<AppToast> {
  return new AppToastQueue({ maxVisibleToasts: 3 });
}

