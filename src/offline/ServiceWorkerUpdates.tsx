/**
 * The service worker, registered once the page has loaded (the app mounts this then, in
 * production builds only), and the new version a later deploy installs: "A new version is
 * available" with "Reload" (docs/deploy.md#offline-and-updates). A page a worker controls
 * registers at once: a new version found waiting then is taken with a reload, which is the
 * visitor's own only right after the page has loaded. A first visit registers once its first
 * screen is complete (the later part has come) and the browser is idle: the install is for the next
 * visit, and its downloads and caching would compete with this one's. Floats in the notices' stack
 * at the bottom of the viewport (src/ui/NoticeStack.tsx), so that nothing on the page moves.
 */
import { useEffect, useState } from 'react';
import { reloadPage } from '../browser/on-demand.ts';
import { StackedNotice } from '../ui/NoticeStack.tsx';
import { PlainButton } from '../ui/PlainButtons.tsx';
import { RefreshIcon } from '../ui/icons.tsx';
import { registerServiceWorker } from './service-worker-registration.ts';

export const NEW_VERSION_TEXT = 'A new version is available';
/** A first visit's registration waits at most this long for an idle moment. */
const IDLE_FALLBACK_MS = 2000;

export interface ServiceWorkerUpdatesProps {
  /** The first screen is complete (the page's later part has come): a first visit registers after it. */
  firstScreenDone: boolean;
}

export function ServiceWorkerUpdates({ firstScreenDone }: ServiceWorkerUpdatesProps) {
  // What "Reload" calls while a new version waits; null while none does.
  const [accept, setAccept] = useState<(() => void) | null>(null);
  const controlled = navigator.serviceWorker?.controller != null;
  useEffect(() => {
    const register = () => registerServiceWorker(navigator, { offer: (take) => setAccept(() => take), reload: reloadPage });
    if (controlled) {
      register();
      return;
    }
    if (!firstScreenDone) return;
    // Safari has no requestIdleCallback.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(register, IDLE_FALLBACK_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(register, { timeout: IDLE_FALLBACK_MS });
    return () => cancelIdleCallback(idle);
  }, [controlled, firstScreenDone]);
  return (
    <StackedNotice shown={accept !== null}>
      <span>{NEW_VERSION_TEXT}</span>
      <PlainButton variant="primary" onClick={accept ?? undefined}>
        <RefreshIcon size={16} />
        Reload
      </PlainButton>
    </StackedNotice>
  );
}
