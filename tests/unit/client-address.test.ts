import { describe, expect, it } from 'vitest';
import { clientAddressKey, trustedProxyMatcher } from '../../server/client-address';
import { ConnectionsPerAddress } from '../../server/connection-limit';

describe('the key a client address is counted under', () => {
  it('is one for every spelling of one IPv4 client: plain, with a port, IPv4-mapped in either notation', () => {
    const spellings = [
      '192.0.2.1',
      ' 192.0.2.1 ',
      '192.0.2.1:51234',
      '192.000.002.001',
      '::ffff:192.0.2.1',
      '::FFFF:192.0.2.1',
      '0:0:0:0:0:ffff:192.0.2.1',
      '0000:0000:0000:0000:0000:FFFF:C000:0201',
      '::ffff:c000:201',
      '[::ffff:192.0.2.1]:443',
    ];
    for (const spelling of spellings)
      expect(clientAddressKey(spelling), spelling).toBe('192.0.2.1');
    expect(clientAddressKey('192.0.2.2')).toBe('192.0.2.2');
  });

  it('is the /64 for IPv6, however the address is written', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:DB8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:0:0:0:1',
      '[2001:db8:1:2::1]',
      '[2001:db8:1:2::1]:8443',
      '2001:db8:1:2::1%eth0',
      // Other hosts of the same /64.
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::',
    ];
    for (const spelling of spellings) {
      expect(clientAddressKey(spelling), spelling).toBe('2001:db8:1:2::/64');
    }
    // The next /64 is another client.
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('2001:0:0:1::5')).toBe('2001:0:0:1::/64');
    expect(clientAddressKey('::1')).toBe('::/64');
    expect(clientAddressKey('fe80::1%lo0')).toBe('fe80::/64');
    expect(clientAddressKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
  });

  it('keeps what is not an address, trimmed and lower-cased, and reads no half-address as one', () => {
    expect(clientAddressKey(' Unknown ')).toBe('unknown');
    for (const text of [
      '256.1.1.1',
      '1.2.3',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::1',
      '1.2.3.4::1',
      ':1:2:3:4:5:6:7',
      'g::1',
      '',
    ]) {
      expect(clientAddressKey(text), text).toBe(text.toLowerCase());
    }
  });
});

describe('the trusted proxy, as TRUST_PROXY names it', () => {
  it('matches addresses, ranges, netmasks and names, in any spelling of the address', () => {
    const isProxy = trustedProxyMatcher('10.0.0.0/8, 192.168.1.1, 2001:db8:aa::/48');
    for (const yes of ['10.1.2.3', '::ffff:10.1.2.3', '192.168.1.1', '2001:DB8:AA:1::5']) {
      expect(isProxy(yes), yes).toBe(true);
    }
    for (const no of ['11.0.0.1', '192.168.1.2', '2001:db8:ab::1', 'unknown', '']) {
      expect(isProxy(no), no).toBe(false);
    }
    const named = trustedProxyMatcher('loopback, uniquelocal');
    expect(['127.0.0.1', '127.9.9.9', '::1', '172.16.0.1', 'fd00::1'].every(named)).toBe(true);
    expect(['172.32.0.1', '8.8.8.8', '::2'].some(named)).toBe(false);
    expect(trustedProxyMatcher('10.0.0.0/255.255.0.0')('10.0.200.1')).toBe(true);
    expect(trustedProxyMatcher('10.0.0.0/255.255.0.0')('10.1.0.1')).toBe(false);
    expect(trustedProxyMatcher(undefined)('127.0.0.1')).toBe(false);
  });
});

describe('connections per address', () => {
  it('admits an address up to its limit, refuses the next, and admits again when one closes', () => {
    const limits = new ConnectionsPerAddress(3);
    const held = [1, 2, 3].map(() => limits.admit('192.0.2.1'));
    expect(held.every((release) => release !== null)).toBe(true);
    expect(limits.admit('192.0.2.1')).toBeNull();
    // Others are not affected.
    expect(limits.admit('192.0.2.2')).not.toBeNull();
    held[0]?.();
    // Releasing twice gives back one place only.
    held[0]?.();
    expect(limits.openOf('192.0.2.1')).toBe(2);
    expect(limits.admit('192.0.2.1')).not.toBeNull();
    expect(limits.admit('192.0.2.1')).toBeNull();
  });

  it('counts every spelling of one client, and every address of one IPv6 /64, as one address', () => {
    const limits = new ConnectionsPerAddress(4);
    for (const spelling of ['192.0.2.1', '::ffff:192.0.2.1', '::ffff:c000:201', '192.0.2.1:80']) {
      expect(limits.admit(spelling), spelling).not.toBeNull();
    }
    expect(limits.admit('192.0.2.1')).toBeNull();
    for (const address of ['2001:db8::1', '2001:DB8::2', '2001:db8:0:0:1::', '2001:db8::ffff']) {
      expect(limits.admit(address), address).not.toBeNull();
    }
    expect(limits.admit('2001:0db8:0000:0000:abcd::9')).toBeNull();
    expect(limits.admit('2001:db8:0:1::1')).not.toBeNull();
  });

  it('does not count the trusted proxy, whose address every client behind it has', () => {
    const limits = new ConnectionsPerAddress(2, trustedProxyMatcher('10.0.0.0/24'));
    for (let i = 0; i < 50; i++) expect(limits.admit('10.0.0.7')).not.toBeNull();
    expect(limits.openOf('10.0.0.7')).toBe(0);
    // A client that reaches the server past the proxy is limited as any other.
    expect(limits.admit('10.0.1.7')).not.toBeNull();
    expect(limits.admit('10.0.1.7')).not.toBeNull();
    expect(limits.admit('10.0.1.7')).toBeNull();
  });

  it('forgets an address once its connections are closed, and refuses a socket with none', () => {
    const limits = new ConnectionsPerAddress(1);
    const releases = Array.from({ length: 1000 }, (_, i) => limits.admit(`198.51.100.${i % 250}`));
    expect(limits.addresses).toBe(250);
    for (const release of releases) release?.();
    expect(limits.addresses).toBe(0);
    expect(limits.admit(undefined)).toBeNull();
    expect(() => new ConnectionsPerAddress(0)).toThrow(RangeError);
  });
});
