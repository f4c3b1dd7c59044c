/**
 * The browser's notifications and push subscription (docs/product.md#following-a-story),
 * wrapped: what the page may know without asking, the one permission prompt, the subscription.
 */

export type PushSupport = 'unsupported' | 'off' | 'on' | 'blocked';

function pushApis(): { container: ServiceWorkerContainer } | null {
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

/** Asks permission (the only prompt), then subscribes with the server's key; rejects with a NotAllowedError when refused. */
export async function subscribePush(publicKey: () => Promise<string>): Promise<PushSubscription> {
  const apis = pushApis();
  if (!apis) throw new Error('This browser cannot notify');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new DOMException(`Notifications: ${permission}`, permission === 'denied' ? 'NotAllowedError' : 'AbortError');
  const registration = await apis.container.getRegistration();
  if (!registration) throw new Error('No service worker to receive notifications');
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOfBase64Url(await publicKey()) });
}

/** A VAPID public key as the push manager takes it. */
export function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
