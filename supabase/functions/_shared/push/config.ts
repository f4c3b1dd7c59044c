/**
 * Web Push settings (docs/deploy.md#notifications): the VAPID key pair and contact (RFC 8292), and
 * the push services a subscription's endpoint may point at.
 */
import { classifyAddress } from '../net/addresses.ts';

export const VAPID_PUBLIC_KEY_ENV = 'VAPID_PUBLIC_KEY';
export const VAPID_PRIVATE_KEY_ENV = 'VAPID_PRIVATE_KEY';
export const VAPID_SUBJECT_ENV = 'VAPID_SUBJECT';
export const PUSH_SERVICE_HOSTS_ENV = 'PUSH_SERVICE_HOSTS';

/** The browsers' push services (Chrome and Edge's FCM, Firefox's autopush, Windows, Safari); `*.` matches any subdomain. */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** An endpoint longer than this is refused (real ones are a few hundred characters). */
export const MAX_ENDPOINT_CHARS = 1_024;

export interface Vapid {
  /** The uncompressed P-256 public key, base64url (65 bytes): what the page subscribes with. */
  readonly publicKey: string;
  /** The private scalar, base64url (32 bytes), as `web-push generate-vapid-keys` prints it. */
  readonly privateKey: string;
  /** mailto: or https: contact for the push services. */
  readonly subject: string;
}

export function base64UrlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return undefined;
  try {
    const plain = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(plain, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** True for a P-256 public key as browsers send it: 65 bytes, uncompressed (0x04 first). */
export function isP256PublicKey(text: string): boolean {
  const bytes = base64UrlBytes(text);
  return bytes !== undefined && bytes.length === 65 && bytes[0] === 4;
}

/**
 * The VAPID settings, or undefined when none is set (notifications off: follow-news answers 503).
 * Throws, naming the variable, when they are set in part or malformed.
 */
export function vapidFrom(getEnv: (name: string) => string | undefined): Vapid | undefined {
  const [publicKey, privateKey, subject] = [VAPID_PUBLIC_KEY_ENV, VAPID_PRIVATE_KEY_ENV, VAPID_SUBJECT_ENV].map((name) => getEnv(name)?.trim() || undefined);
  if (publicKey === undefined && privateKey === undefined && subject === undefined) return undefined;
  if (publicKey === undefined || !isP256PublicKey(publicKey)) throw new Error(`${VAPID_PUBLIC_KEY_ENV} must be a P-256 public key, base64url (65 bytes)`);
  if (privateKey === undefined || base64UrlBytes(privateKey)?.length !== 32) throw new Error(`${VAPID_PRIVATE_KEY_ENV} must be a P-256 private key, base64url (32 bytes)`);
  if (subject === undefined || !/^(mailto:.+|https:\/\/.+)$/.test(subject)) throw new Error(`${VAPID_SUBJECT_ENV} must be a mailto: or https: URL`);
  return { publicKey, privateKey, subject };
}

/** PUSH_SERVICE_HOSTS (comma-separated host names, `*.` for subdomains), else the major browsers' services. */
export function pushHostsFrom(getEnv: (name: string) => string | undefined): readonly string[] {
  const raw = getEnv(PUSH_SERVICE_HOSTS_ENV)?.trim();
  if (!raw) return DEFAULT_PUSH_SERVICE_HOSTS;
  const hosts = raw.split(',').map((host) => host.trim().toLowerCase()).filter((host) => host !== '');
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) throw new Error(`${PUSH_SERVICE_HOSTS_ENV}: "${host}" is not a host name`);
  }
  return hosts;
}

const onHost = (hostname: string, pattern: string): boolean =>
  pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1 : hostname === pattern;

/**
 * The endpoint as a URL when a push may be sent to it: https, no credentials, on a push service's
 * host; under NEWS_ALLOW_LOOPBACK=1 also https://127.0.0.1:<port>/ (local development and tests).
 * Never an IP address otherwise: the sender checks again, with DNS, as feeds are checked.
 */
export function pushEndpoint(text: string, hosts: readonly string[], allowLoopback: boolean): URL | undefined {
  if (text.length > MAX_ENDPOINT_CHARS) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.href !== text) return undefined;
  const literal = classifyAddress(url.hostname);
  if (literal !== undefined) return allowLoopback && literal.kind === 'loopback' && url.hostname === '127.0.0.1' ? url : undefined;
  return hosts.some((pattern) => onHost(url.hostname, pattern)) ? url : undefined;
}
