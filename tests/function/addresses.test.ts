// The address rules on their own (pure: nothing is resolved or connected to here).
import { describe, expect, it } from 'vitest';
import { classifyAddress, isAllowed, parseIpv4, parseIpv6 } from '../../supabase/functions/fetch-news/lib/net/addresses.ts';

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
