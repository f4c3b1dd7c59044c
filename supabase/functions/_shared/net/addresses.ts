// Which IP addresses the function may connect to (docs/product.md#the-fetch-news-function,
// docs/security.md). Pure: no I/O, the same on Deno and Node.

/** Why an address is refused, for the function's log; undefined when it is public. */
export type BlockReason = string;

export interface AddressVerdict {
  /** The address in canonical text form (dotted quad, or RFC 5952 IPv6 without brackets). */
  readonly address: string;
  /** `public`: may be connected to; `loopback`: only with the loopback opt-in; `blocked`: never. */
  readonly kind: 'public' | 'loopback' | 'blocked';
  readonly reason: string;
}

// ---------------------------------------------------------------- IPv4

/**
 * An IPv4 address in any form a URL parser or inet_aton accepts: 1 to 4 parts separated
 * by dots, each decimal, octal (leading 0) or hexadecimal (0x), the last part filling the
 * remaining bytes ("2852039166", "0xa9fea9fe", "0251.0376.0251.0376", "169.254.43518",
 * "127.1"). Undefined when the text is not such an address.
 */
export function parseIpv4(text: string): number | undefined {
  const parts = text.endsWith('.') ? text.slice(0, -1).split('.') : text.split('.');
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Part(part);
    if (value === undefined) return undefined;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((value) => value > 255)) return undefined;
  if (last >= 256 ** (4 - values.length)) return undefined;
  let address = last;
  values.forEach((value, index) => {
    address += value * 256 ** (3 - index);
  });
  return address;
}

function parseIpv4Part(part: string): number | undefined {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
    if (digits === '') return 0; // "0x" alone is 0 for the URL parser
  } else if (part.length > 1 && part.startsWith('0')) {
    radix = 8; // the leading 0 is an octal digit too
  }
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return undefined;
  // Too many digits give a huge number or Infinity, which the caller's range checks refuse.
  return parseInt(digits, radix);
}

export function formatIpv4(address: number): string {
  return [address >>> 24, (address >>> 16) & 255, (address >>> 8) & 255, address & 255].join('.');
}

const ipv4 = (a: number, b: number, c: number, d: number): number => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

/** [network, prefix length, reason]: every IPv4 range that is not public unicast. */
const IPV4_BLOCKED: readonly (readonly [number, number, string])[] = [
  [ipv4(0, 0, 0, 0), 8, '"this network" (0.0.0.0/8)'],
  [ipv4(10, 0, 0, 0), 8, 'private network (10.0.0.0/8)'],
  [ipv4(100, 64, 0, 0), 10, 'shared address space / carrier-grade NAT (100.64.0.0/10)'],
  [ipv4(169, 254, 0, 0), 16, 'link-local, cloud metadata (169.254.0.0/16)'],
  [ipv4(172, 16, 0, 0), 12, 'private network (172.16.0.0/12)'],
  [ipv4(192, 0, 0, 0), 24, 'IETF protocol assignments (192.0.0.0/24)'],
  [ipv4(192, 0, 2, 0), 24, 'documentation TEST-NET-1 (192.0.2.0/24)'],
  [ipv4(192, 88, 99, 0), 24, '6to4 relay anycast (192.88.99.0/24)'],
  [ipv4(192, 168, 0, 0), 16, 'private network (192.168.0.0/16)'],
  [ipv4(198, 18, 0, 0), 15, 'benchmarking (198.18.0.0/15)'],
  [ipv4(198, 51, 100, 0), 24, 'documentation TEST-NET-2 (198.51.100.0/24)'],
  [ipv4(203, 0, 113, 0), 24, 'documentation TEST-NET-3 (203.0.113.0/24)'],
  [ipv4(224, 0, 0, 0), 4, 'multicast (224.0.0.0/4)'],
  [ipv4(240, 0, 0, 0), 4, 'reserved, broadcast (240.0.0.0/4)'],
];

/** `prefix` is 1 to 32 (a shift by 32 would be a shift by 0). */
function inIpv4Range(address: number, network: number, prefix: number): boolean {
  const mask = (0xffffffff << (32 - prefix)) >>> 0;
  return ((address & mask) >>> 0) === network;
}

export function classifyIpv4(address: number): AddressVerdict {
  const text = formatIpv4(address);
  if (inIpv4Range(address, ipv4(127, 0, 0, 0), 8)) return { address: text, kind: 'loopback', reason: 'loopback (127.0.0.0/8)' };
  for (const [network, prefix, reason] of IPV4_BLOCKED) {
    if (inIpv4Range(address, network, prefix)) return { address: text, kind: 'blocked', reason };
  }
  return { address: text, kind: 'public', reason: 'public' };
}

// ---------------------------------------------------------------- IPv6

/**
 * The eight 16-bit groups of an IPv6 address, or undefined. Every piece must be 1 to 4 hex
 * digits (or a dotted IPv4 tail), so brackets, zone ids ("%eth0") and other characters are refused.
 */
export function parseIpv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): number[] | undefined => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // A dotted IPv4 tail ("::ffff:169.254.169.254"): strictly four decimal parts.
        if (index !== pieces.length - 1 || !/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return undefined;
        const bytes = piece.split('.').map(Number);
        if (bytes.some((byte) => byte > 255)) return undefined;
        const [a = 0, b = 0, c = 0, d = 0] = bytes;
        out.push((a << 8) | b, (c << 8) | d);
        continue;
      }
      if (!/^[0-9a-f]{1,4}$/i.test(piece)) return undefined;
      out.push(parseInt(piece, 16));
    }
    return out;
  };
  const head = groupsOf(halves[0] as string);
  if (head === undefined) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const tail = groupsOf(halves[1] as string);
  if (tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** RFC 5952 text: lowercase, zeros suppressed, the longest run of zero groups as "::". */
export function formatIpv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (groups[j] === 0) j++; // past the eighth group: undefined
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** [prefix groups, prefix length in bits, reason] for ranges inside 2000::/3 that are refused. */
const IPV6_BLOCKED_IN_GLOBAL: readonly (readonly [readonly number[], number, string])[] = [
  [[0x2001, 0x0db8], 32, 'documentation (2001:db8::/32)'],
  [[0x2001, 0x0000], 23, 'IETF protocol assignments, Teredo (2001::/23)'],
  [[0x2002], 16, '6to4, embeds an IPv4 address (2002::/16)'],
  [[0x3fff, 0x0000], 20, 'documentation (3fff::/20)'],
];

function inIpv6Range(groups: readonly number[], prefixGroups: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 16) {
    const take = Math.min(16, bits - bit);
    const mask = (0xffff << (16 - take)) & 0xffff;
    const index = bit / 16;
    if (((groups[index] ?? 0) & mask) !== ((prefixGroups[index] ?? 0) & mask)) return false;
  }
  return true;
}

export function classifyIpv6(groups: readonly number[]): AddressVerdict {
  const address = formatIpv6(groups);
  const blocked = (reason: string): AddressVerdict => ({ address, kind: 'blocked', reason });
  const firstSix = groups.slice(0, 6);
  const zeroHead = firstSix.every((group) => group === 0);
  if (zeroHead && groups[6] === 0 && groups[7] === 1) return { address, kind: 'loopback', reason: 'loopback (::1)' };
  if (zeroHead && groups[6] === 0 && groups[7] === 0) return blocked('unspecified (::)');
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return blocked('IPv4-mapped IPv6 (::ffff:0:0/96)');
  }
  if (zeroHead) return blocked('IPv4-compatible IPv6 (::/96)');
  const first = groups[0] ?? 0;
  if ((first & 0xfe00) === 0xfc00) return blocked('unique local (fc00::/7)');
  if ((first & 0xffc0) === 0xfe80) return blocked('link-local (fe80::/10)');
  if ((first & 0xffc0) === 0xfec0) return blocked('site-local (fec0::/10)');
  if ((first & 0xff00) === 0xff00) return blocked('multicast (ff00::/8)');
  // Global unicast is 2000::/3; everything else (NAT64 64:ff9b::/96, discard 100::/64, ...) is not public.
  if ((first & 0xe000) !== 0x2000) return blocked('not global unicast (outside 2000::/3)');
  for (const [prefix, bits, reason] of IPV6_BLOCKED_IN_GLOBAL) {
    if (inIpv6Range(groups, prefix, bits)) return blocked(reason);
  }
  return { address, kind: 'public', reason: 'public' };
}

// ---------------------------------------------------------------- either

/**
 * The verdict for an IP address as text (dotted or numeric IPv4 in any base, IPv6 with or
 * without brackets), or undefined when the text is not an IP address (a host name).
 */
export function classifyAddress(text: string): AddressVerdict | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes(':')) {
    const groups = parseIpv6(bare);
    return groups === undefined ? undefined : classifyIpv6(groups);
  }
  const v4 = parseIpv4(bare);
  return v4 === undefined ? undefined : classifyIpv4(v4);
}

/** True when the address may be connected to: public, or loopback when loopback is allowed. */
export function isAllowed(verdict: AddressVerdict, allowLoopback: boolean): boolean {
  return verdict.kind === 'public' || (verdict.kind === 'loopback' && allowLoopback);
}
