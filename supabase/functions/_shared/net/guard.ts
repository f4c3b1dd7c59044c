// The network rules (docs/security.md): before any connection, for the source URL and
// every redirect hop, the host's addresses are resolved and each must be public.
import { SourceError } from './errors.ts';
import { classifyAddress, isAllowed } from './addresses.ts';

/** The IP addresses (A and AAAA records) of a host name. */
export type Resolver = (hostname: string, signal: AbortSignal) => Promise<readonly string[]>;

export interface ConnectRequest {
  /** The URL to request, host name included (TLS and the Host header need it). */
  readonly url: string;
  /** The checked address the host resolved to. */
  readonly address: string;
  readonly init: RequestInit;
}

/** Makes one HTTP request to a checked URL; never follows redirects itself. */
export type Connector = (request: ConnectRequest) => Promise<Response>;

/** The environment switch for local development and tests: exactly "1" allows loopback feeds. */
export const ALLOW_LOOPBACK_ENV = 'NEWS_ALLOW_LOOPBACK';

export interface NetworkPolicy {
  /** NEWS_ALLOW_LOOPBACK=1: 127.0.0.0/8 and ::1 are allowed too (local development and tests). */
  readonly allowLoopback: boolean;
}

interface DenoDns {
  resolveDns(query: string, type: 'A' | 'AAAA', options?: { signal?: AbortSignal }): Promise<string[]>;
}

/**
 * Deno.resolveDns for A and AAAA records. Other runtimes (Node, in tests) have no default:
 * they inject a resolver, so that no test ever depends on real DNS.
 */
export const defaultResolver: Resolver = async (hostname, signal) => {
  const deno = (globalThis as { Deno?: DenoDns }).Deno;
  if (!deno) throw new Error('no DNS resolver on this runtime (inject one)');
  const [a, aaaa] = await Promise.allSettled([
    deno.resolveDns(hostname, 'A', { signal }),
    deno.resolveDns(hostname, 'AAAA', { signal }),
  ]);
  const addresses = [...(a.status === 'fulfilled' ? a.value : []), ...(aaaa.status === 'fulfilled' ? aaaa.value : [])];
  if (addresses.length === 0) {
    const reason = a.status === 'rejected' ? a.reason : aaaa.status === 'rejected' ? aaaa.reason : 'no A or AAAA record';
    throw new Error(`cannot resolve ${hostname}: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
  return addresses;
};

/** The runtime's fetch, without following redirects (the caller checks every hop). */
export const defaultConnector: Connector = ({ url, init }) => fetch(url, { ...init, redirect: 'manual' });

/**
 * Checks that `url` may be requested: http(s) only, and every address of its host allowed.
 * Returns the address to connect to. Throws SourceError `blocked_address` (details in the
 * message) or `network_error` when the name cannot be resolved.
 */
export async function checkTarget(url: URL, resolve: Resolver, policy: NetworkPolicy, signal: AbortSignal): Promise<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceError('blocked_address', `${url.protocol} URLs are not fetched: ${url.href}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new SourceError('blocked_address', `URLs with credentials are not fetched: ${url.host}`);
  }
  const literal = classifyAddress(url.hostname);
  let addresses: readonly string[];
  if (literal !== undefined) {
    addresses = [literal.address];
  } else {
    try {
      addresses = await resolve(url.hostname, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new SourceError('network_error', `DNS: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (addresses.length === 0) throw new SourceError('network_error', `DNS: no address for ${url.hostname}`);
  }
  // Every address must pass: a name that also resolves to a private address is refused as a whole.
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (verdict === undefined) throw new SourceError('network_error', `DNS: ${url.hostname} gave "${address}", not an IP address`);
    if (!isAllowed(verdict, policy.allowLoopback)) {
      // Loopback is where a developer serves feeds of their own: say how to allow it (logs only).
      const hint = verdict.kind === 'loopback' ? `; feeds on this machine need ${ALLOW_LOOPBACK_ENV}=1 (local development and tests only)` : '';
      throw new SourceError('blocked_address', `${url.hostname} is ${verdict.address}: ${verdict.reason}${hint}`);
    }
  }
  return classifyAddress(addresses[0] as string)?.address as string;
}
