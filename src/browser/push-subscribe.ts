/**
 * The one permission prompt and the subscription (docs/product.md#following-a-story): asked only
 * on a press, so they come with the page's later part, apart from push.ts.
 */
import { pushApis } from './push.ts';

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
