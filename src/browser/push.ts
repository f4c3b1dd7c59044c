/**
 * The browser's notifications and push subscription (docs/product.md#following-a-story),
 * wrapped: what the page may know without asking (the prompt and the subscribing: push-subscribe.ts,
 * with the page's later part).
 */

export type PushSupport = 'unsupported' | 'off' | 'on' | 'blocked';

/** The browser's push APIs, when it has them all. */
export function pushApis(): { container: ServiceWorkerContainer } | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined') return null;
  return { container: navigator.serviceWorker };
}

/** The subscription this browser holds for the site, if any; never asks anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const apis = pushApis();
  const registration = apis ? await apis.container.getRegistration() : undefined;
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Whether this browser can notify, and whether it already does for the site; never asks. */
export async function pushSupport(): Promise<PushSupport> {
  if (!pushApis()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && (await currentSubscription()) !== null ? 'on' : 'off';
}
