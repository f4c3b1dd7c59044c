/**
 * A stand-in push service on loopback (https://127.0.0.1:<port>/push/<name>), for tests and the bench: it
 * checks each request's VAPID signature (RFC 8292) against the application's public key and decrypts
 * its payload (RFC 8291, aes128gcm) with the key pair and auth secret of the "browser" it made for that
 * endpoint, as a browser's push service and the browser would. Its TLS certificate is signed by a
 * throwaway CA made at start: `ca` is what a client trusts (DENO_CERT for Deno).
 */
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import selfsigned from 'selfsigned';
import type { Connector } from '../../../supabase/functions/_shared/net/guard.ts';

interface Ece {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export interface Browser {
  readonly subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  readonly ecdh: ECDH;
  readonly auth: Buffer;
}

export interface Delivery {
  readonly name: string;
  /** The decrypted payload, parsed; undefined when a check failed. */
  readonly payload: unknown;
  /** Why the request was refused (bad signature, wrong key, cannot decrypt), if it was. */
  readonly refused?: string;
}

export interface PushService {
  readonly origin: string;
  /** The CA's certificate (PEM) that signs the service's certificate. */
  readonly ca: string;
  /** A new "browser" subscribed at /push/<name>. */
  browser(name: string): Browser;
  /** Statuses to answer for an endpoint, in turn (then 201); [status, Retry-After] to send one (a 429 without says 0). */
  answer(name: string, ...statuses: (number | [number, string])[]): void;
  readonly deliveries: Delivery[];
  /** Pushes accepted (signature checked, payload decrypted) and refused, also when not recorded. */
  readonly tally: { accepted: number; refused: number };
  /** Pushes accepted per endpoint name, also when not recorded. */
  readonly accepted: Map<string, number>;
  /** When the last push was accepted (performance.now()), 0 before any. */
  readonly lastAcceptedAt: () => number;
  /** Pushes accepted with the very payload their endpoint had already accepted once: the same push twice. */
  readonly repeated: () => number;
  /** Requests the service answered (accepted or not), by endpoint name. */
  readonly requests: string[];
  /** Connects as the functions' runtime would, trusting the CA for https (the feeds on loopback are http): for code run in Node. */
  readonly connect: Connector;
  close(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Checks `vapid t=<JWT>, k=<key>`: the key is the application's, the JWT is ES256-signed by it, for this origin, not expired. */
function vapidProblem(header: string | undefined, publicKey: string, origin: string, subject: string): string | undefined {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid Authorization';
  const [, token = '', key = ''] = match;
  if (key !== publicKey) return 'k is not the application key';
  const [head = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) return 'bad signature';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') return 'not ES256';
  if (body.aud !== origin) return `aud ${body.aud}`;
  if (typeof body.exp !== 'number' || body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) return 'bad exp';
  if (body.sub !== subject) return `sub ${body.sub}`;
  return undefined;
}

export async function startPushService(vapid: { publicKey: string; subject: string }, options: { record?: boolean; onAccepted?: (name: string, payload: unknown) => void } = {}): Promise<PushService> {
  const caPems = await selfsigned.generate([{ name: 'commonName', value: 'Test push CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }],
  });
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca: { key: caPems.private, cert: caPems.cert },
    extensions: [{ name: 'basicConstraints', cA: false }, { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const browsers = new Map<string, Browser>();
  const scripted = new Map<string, (number | [number, string])[]>();
  const accepted = new Map<string, number>();
  const payloads = new Map<string, Set<string>>();
  let lastAccepted = 0;
  let repeated = 0;
  const deliveries: Delivery[] = [];
  const requests: string[] = [];
  const tally = { accepted: 0, refused: 0 };
  const record = options.record ?? true;
  let origin = '';
  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      if (record) requests.push(name);
      const browser = browsers.get(name);
      const step = scripted.get(name)?.shift();
      const [next, retryAfter] = Array.isArray(step) ? step : [step, step === 429 ? '0' : undefined];
      if (!browser || request.method !== 'POST') return void response.writeHead(404).end();
      if (next !== undefined && next !== 201) return void response.writeHead(next, retryAfter === undefined ? {} : { 'retry-after': retryAfter }).end();
      let refused = vapidProblem(request.headers.authorization, vapid.publicKey, origin, vapid.subject);
      if (!refused && request.headers['content-encoding'] !== 'aes128gcm') refused = `content-encoding ${request.headers['content-encoding']}`;
      if (!refused && !request.headers.ttl) refused = 'no TTL';
      let payload: unknown;
      if (!refused) {
        try {
          payload = JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8'));
        } catch (error) {
          refused = `cannot decrypt: ${(error as Error).message}`;
        }
      }
      tally[refused ? 'refused' : 'accepted'] += 1;
      if (!refused) {
        accepted.set(name, (accepted.get(name) ?? 0) + 1);
        lastAccepted = performance.now();
        const text = JSON.stringify(payload);
        const seen = payloads.get(name) ?? new Set<string>();
        if (seen.has(text)) repeated += 1;
        payloads.set(name, seen.add(text));
        options.onAccepted?.(name, payload);
      }
      if (record) deliveries.push(refused ? { name, payload: undefined, refused } : { name, payload });
      response.writeHead(refused ? 400 : 201).end();
    });
  });
  const sockets = new Set<Duplex>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const connect: Connector = ({ url, init }) =>
    url.startsWith('http:') ? fetch(url, { ...init, redirect: 'manual' }) : new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      const outgoing = httpsRequest(url, { method: init.method, headers, ca: caPems.cert, signal: init.signal ?? undefined }, (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(new Response(null, { status: incoming.statusCode ?? 500, headers: { 'retry-after': String(incoming.headers['retry-after'] ?? '') } })));
      });
      outgoing.on('error', reject);
      outgoing.end(init.body instanceof Uint8Array ? Buffer.from(init.body) : undefined);
    });

  return {
    origin,
    ca: caPems.cert,
    browser(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const browser: Browser = {
        subscription: { endpoint: `${origin}/push/${encodeURIComponent(name)}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        ecdh,
        auth,
      };
      browsers.set(name, browser);
      return browser;
    },
    answer: (name, ...statuses) => void scripted.set(name, statuses),
    deliveries,
    tally,
    accepted,
    lastAcceptedAt: () => lastAccepted,
    repeated: () => repeated,
    requests,
    connect,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
