// The address rules on their own (pure: nothing is resolved or connected to here).
import { describe, expect, it } from 'vitest';
import { classifyAddress, isAllowed, parseIpv4, parseIpv6 } from '../../supabase/functions/_shared/net/addresses.ts';

const kind = (text: string) => classifyAddress(text)?.kind;

describe('IPv4 literals in every form a URL or inet_aton accepts', () => {
  it.each([
    ['169.254.169.254', '169.254.169.254'],
    ['2852039166', '169.254.169.254'], // decimal
    ['0xa9fea9fe', '169.254.169.254'], // hexadecimal
    ['0XA9FEA9FE', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'], // octal parts
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['169.254.43518', '169.254.169.254'], // last part fills the rest
    ['169.16689662', '169.254.169.254'],
    ['127.1', '127.0.0.1'],
    ['012.0.0.1', '10.0.0.1'],
    ['0', '0.0.0.0'],
    ['1.2.3.4.', '1.2.3.4'],
  ])('%s is %s', (text, dotted) => {
    expect(classifyAddress(text)?.address).toBe(dotted);
  });

  it.each(['example.com', '1.2.3.4.5', '256.1.1.1', '1.2.3.256', '4294967296', '08.1.1.1', '0x1g.1.1.1', '1..2.3', ''])(
    '%j is not an IPv4 address',
    (text) => {
      expect(parseIpv4(text)).toBeUndefined();
    },
  );
});

describe('IPv4 ranges', () => {
  it.each([
    ['0.1.2.3', 'blocked'],
    ['10.0.0.1', 'blocked'],
    ['10.255.255.255', 'blocked'],
    ['100.64.0.1', 'blocked'],
    ['100.127.255.255', 'blocked'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'blocked'],
    ['172.15.255.255', 'public'],
    ['172.16.0.1', 'blocked'],
    ['172.31.255.255', 'blocked'],
    ['172.32.0.1', 'public'],
    ['192.0.0.8', 'blocked'],
    ['192.0.2.1', 'blocked'],
    ['192.88.99.1', 'blocked'],
    ['192.168.1.1', 'blocked'],
    ['198.18.0.1', 'blocked'],
    ['198.19.255.255', 'blocked'],
    ['198.51.100.7', 'blocked'],
    ['203.0.113.9', 'blocked'],
    ['224.0.0.1', 'blocked'],
    ['239.255.255.250', 'blocked'],
    ['240.0.0.1', 'blocked'],
    ['255.255.255.255', 'blocked'],
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['1.1.1.1', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });
});

describe('IPv6', () => {
  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'blocked'],
    ['::ffff:a9fe:a9fe', 'blocked'], // mapped 169.254.169.254
    ['[::ffff:169.254.169.254]', 'blocked'],
    ['::ffff:127.0.0.1', 'blocked'], // mapped loopback: not what NEWS_ALLOW_LOOPBACK allows
    ['::ffff:8.8.8.8', 'blocked'],
    ['::a9fe:a9fe', 'blocked'], // compatible
    ['::10.0.0.1', 'blocked'],
    ['64:ff9b::a9fe:a9fe', 'blocked'], // NAT64
    ['100::1', 'blocked'],
    ['fc00::1', 'blocked'],
    ['fd12:3456::1', 'blocked'],
    ['fe80::1', 'blocked'],
    ['febf::1', 'blocked'],
    ['fec0::1', 'blocked'],
    ['ff02::1', 'blocked'],
    ['2001:db8::1', 'blocked'],
    ['2001::1', 'blocked'], // Teredo
    ['2002:a9fe:a9fe::1', 'blocked'], // 6to4
    ['3fff::1', 'blocked'],
    ['2001:4860:4860::8888', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it('names the address canonically for the log', () => {
    expect(classifyAddress('[0:0:0:0:0:FFFF:A9FE:A9FE]')?.address).toBe('::ffff:a9fe:a9fe');
    expect(classifyAddress('2001:4860:4860:0:0:0:0:8888')?.address).toBe('2001:4860:4860::8888');
  });

  it.each(['1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::1%eth0', '::ffff:1.2.3', '::ffff:1.2.3.256', '12345::', 'g::1', ':::'])(
    '%j is not an IPv6 address',
    (text) => {
      expect(parseIpv6(text)).toBeUndefined();
    },
  );
});

describe('the loopback opt-in', () => {
  it('allows 127.0.0.0/8 and ::1 and nothing else', () => {
    const allowed = (text: string, allowLoopback: boolean) => {
      const verdict = classifyAddress(text);
      return verdict !== undefined && isAllowed(verdict, allowLoopback);
    };
    for (const address of ['127.0.0.1', '127.8.9.10', '::1']) {
      expect(allowed(address, false), address).toBe(false);
      expect(allowed(address, true), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '0.0.0.0', '::', '::ffff:127.0.0.1', 'fe80::1', 'fc00::1']) {
      expect(allowed(address, true), address).toBe(false);
    }
    expect(allowed('8.8.8.8', false)).toBe(true);
  });
});

describe('edge cases of the literal forms (as the URL parser reads them)', () => {
  it.each([
    ['0x', '0.0.0.0'], // "0x" alone is 0
    ['0x.0x.0x.1', '0.0.0.1'],
    ['1.2.3.255', '1.2.3.255'],
    ['1.2.65535', '1.2.255.255'],
    ['1.16777215', '1.255.255.255'],
    ['4294967295', '255.255.255.255'],
    ['07.0377.00.01', '7.255.0.1'],
  ])('%s is %s', (text, dotted) => {
    expect(classifyAddress(text)?.address).toBe(dotted);
  });

  it.each(['1a1.0.0.1', '1a.2.3.4', '0181.0.0.1', '019.0.0.1', '0x1g1', '0xg1.0.0.1', '1.2.65536', '1.16777216', '1.2.3.4.5.', '10.0.0.1.0', '99999999999999999999', `${'9'.repeat(400)}`])(
    '%j is not an IPv4 address',
    (text) => {
      expect(parseIpv4(text)).toBeUndefined();
    },
  );

  it.each([
    ['1:2:3:4:5:6:7::', [1, 2, 3, 4, 5, 6, 7, 0]],
    ['::2:3:4:5:6:7:8', [0, 2, 3, 4, 5, 6, 7, 8]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['::ffff:1.2.3.255', [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x03ff]],
    ['1:2:3:4:5:6:1.2.3.4', [1, 2, 3, 4, 5, 6, 0x0102, 0x0304]],
    ['ABCD::Ef01', [0xabcd, 0, 0, 0, 0, 0, 0, 0xef01]],
  ])('%s has the groups %j', (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  it.each([
    '1:2:3:4:5:6:7:8::', // "::" must stand for at least one group
    '::1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7',
    '::1.2.3.4:5', // a dotted tail must come last
    '::ffff:a1.2.3.4',
    '::ffff:1.2.3.4.5',
    '::ffff:1234.2.3.4',
    '::ffff:1.2.3.',
    '1:::2',
    ':1',
    '1:',
    '[::1',
    '::1]',
    '1::1]',
    '',
  ])('%j is not an IPv6 address', (text) => {
    expect(classifyAddress(text)).toBeUndefined();
  });
});

describe('the canonical text of an IPv6 address (RFC 5952)', () => {
  it.each([
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'], // the longest run of zeros
    ['1:0:0:2:0:0:3:4', '1::2:0:0:3:4'], // the first of two equal runs
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // a single zero group stays
    ['0:0:0:0:0:0:0:0', '::'],
    ['2001:0:0:0:0:0:0:0', '2001::'],
    ['0:0:1:0:0:0:0:0', '0:0:1::'],
    ['FE80:0:0:0:0:0:0:00AB', 'fe80::ab'],
  ])('%s is written %s', (text, canonical) => {
    expect(classifyAddress(text)?.address).toBe(canonical);
  });
});

describe('the verdict names the range, for the log', () => {
  it.each([
    ['0.1.2.3', 'blocked', '"this network" (0.0.0.0/8)'],
    ['10.9.8.7', 'blocked', 'private network (10.0.0.0/8)'],
    ['100.64.0.1', 'blocked', 'shared address space / carrier-grade NAT (100.64.0.0/10)'],
    ['127.0.0.1', 'loopback', 'loopback (127.0.0.0/8)'],
    ['169.254.169.254', 'blocked', 'link-local, cloud metadata (169.254.0.0/16)'],
    ['172.16.0.1', 'blocked', 'private network (172.16.0.0/12)'],
    ['192.0.0.8', 'blocked', 'IETF protocol assignments (192.0.0.0/24)'],
    ['192.0.2.1', 'blocked', 'documentation TEST-NET-1 (192.0.2.0/24)'],
    ['192.88.99.1', 'blocked', '6to4 relay anycast (192.88.99.0/24)'],
    ['192.168.1.1', 'blocked', 'private network (192.168.0.0/16)'],
    ['198.18.0.1', 'blocked', 'benchmarking (198.18.0.0/15)'],
    ['198.51.100.7', 'blocked', 'documentation TEST-NET-2 (198.51.100.0/24)'],
    ['203.0.113.9', 'blocked', 'documentation TEST-NET-3 (203.0.113.0/24)'],
    ['224.0.0.1', 'blocked', 'multicast (224.0.0.0/4)'],
    ['255.255.255.255', 'blocked', 'reserved, broadcast (240.0.0.0/4)'],
    ['8.8.8.8', 'public', 'public'],
    ['::1', 'loopback', 'loopback (::1)'],
    ['::', 'blocked', 'unspecified (::)'],
    ['::ffff:808:808', 'blocked', 'IPv4-mapped IPv6 (::ffff:0:0/96)'],
    ['::808:808', 'blocked', 'IPv4-compatible IPv6 (::/96)'],
    ['fd00::1', 'blocked', 'unique local (fc00::/7)'],
    ['fe80::1', 'blocked', 'link-local (fe80::/10)'],
    ['fec0::1', 'blocked', 'site-local (fec0::/10)'],
    ['ff02::1', 'blocked', 'multicast (ff00::/8)'],
    ['64:ff9b::808:808', 'blocked', 'not global unicast (outside 2000::/3)'],
    ['2001:db8::1', 'blocked', 'documentation (2001:db8::/32)'],
    ['2001::1', 'blocked', 'IETF protocol assignments, Teredo (2001::/23)'],
    ['2002:808:808::1', 'blocked', '6to4, embeds an IPv4 address (2002::/16)'],
    ['3fff::1', 'blocked', 'documentation (3fff::/20)'],
    ['2606:4700:4700::1111', 'public', 'public'],
  ])('%s: %s, %s', (text, kind, reason) => {
    expect(classifyAddress(text)).toEqual({ address: text, kind, reason });
  });
});

describe('range edges', () => {
  it.each([
    // IPv4: the addresses just outside each refused range are public
    ['9.255.255.255', 'public'],
    ['11.0.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['126.255.255.255', 'public'],
    ['128.0.0.0', 'public'],
    ['169.253.255.255', 'public'],
    ['169.255.0.0', 'public'],
    ['192.0.1.0', 'public'],
    ['192.0.3.0', 'public'],
    ['192.88.98.255', 'public'],
    ['192.88.100.0', 'public'],
    ['192.167.255.255', 'public'],
    ['192.169.0.0', 'public'],
    ['198.17.255.255', 'public'],
    ['198.20.0.0', 'public'],
    ['198.51.99.255', 'public'],
    ['198.51.101.0', 'public'],
    ['203.0.112.255', 'public'],
    ['203.0.114.0', 'public'],
    ['223.255.255.255', 'public'],
    ['1.0.0.0', 'public'],
    // IPv6: the edges of the ranges inside and around 2000::/3
    ['1fff:ffff::1', 'blocked'],
    ['2000::1', 'public'],
    ['3fff:1000::1', 'public'],
    ['3fff:fff::1', 'blocked'],
    ['4000::1', 'blocked'],
    ['2001:1ff:ffff::1', 'blocked'],
    ['2001:200::1', 'public'],
    ['2001:db7::1', 'public'],
    ['2001:db9::1', 'public'],
    ['2001:db8:ffff::1', 'blocked'],
    ['2003::1', 'public'],
    ['2002:ffff::1', 'blocked'],
    ['fbff::1', 'blocked'],
    ['fe00::1', 'blocked'],
    ['::2', 'blocked'],
    ['::1:0', 'blocked'],
    ['0:0:0:0:1::1', 'blocked'],
    ['::fffe:808:808', 'blocked'],
    ['0:0:0:0:1:ffff:808:808', 'blocked'],
    ['1::1', 'blocked'],
  ])('%s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it('reads the IPv6 reason of each range only for that range', () => {
    expect(classifyAddress('::1:0')?.reason).toBe('IPv4-compatible IPv6 (::/96)');
    expect(classifyAddress('0:0:0:0:1:ffff:808:808')?.reason).toBe('not global unicast (outside 2000::/3)');
    expect(classifyAddress('::fffe:808:808')?.reason).toBe('not global unicast (outside 2000::/3)');
    expect(classifyAddress('::1:1')?.reason).toBe('IPv4-compatible IPv6 (::/96)');
    expect(classifyAddress('::2')?.reason).toBe('IPv4-compatible IPv6 (::/96)');
    expect(classifyAddress('fe7f::1')?.reason).toBe('not global unicast (outside 2000::/3)');
    expect(classifyAddress('febf::1')?.reason).toBe('link-local (fe80::/10)');
    expect(classifyAddress('feff::1')?.reason).toBe('site-local (fec0::/10)');
    expect(classifyAddress('fc00::1')?.reason).toBe('unique local (fc00::/7)');
  });
});
