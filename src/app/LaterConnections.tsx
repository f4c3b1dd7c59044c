import type { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import type { AppToast } from '../components/toast-queue.ts';
import { useOutcomeToasts } from './useOutcomeToasts.ts';
import { useRefetchOnReturn } from './useRefetchOnReturn.ts';

/**
 * The browser connections that matter only once the stories show, loaded with the cards
 * (deferred-components.tsx) so that the first render carries less JavaScript: the refetch when
 * the visitor comes back (the stories have only just arrived) and the outcome toasts (nothing
 * can be bookmarked or copied before the cards show). Renders nothing.
 */
export function LaterConnections({ toasts }: { toasts: ToastQueue<AppToast> }) {
  useRefetchOnReturn();
  useOutcomeToasts(toasts);
  return null;
}
