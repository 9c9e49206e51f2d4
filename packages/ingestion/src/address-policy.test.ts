import { describe, expect, it } from 'vitest';
import { classifyAddress, createAddressPolicy } from './address-policy.ts';
import { parseIp, parseRange } from './ip-address.ts';

function classify(text: string) {
  const address = parseIp(text);
  if (!address) throw new Error(`test address ${text} does not parse`);
  return classifyAddress(address);
}

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', 'this-network'],
    ['0.1.2.3', 'this-network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.254', 'shared (carrier-grade NAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['::127.0.0.1', 'not global unicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378::1', 'IETF protocol assignments (Teredo…)'],
    ['100::1', 'not global unicast'],
  ])('%s is not public (%s)', (address, range) => {
    expect(classify(address)).toEqual({ public: false, range });
  });

  it.each([
    ['93.184.215.14'],
    ['1.1.1.1'],
    ['8.8.8.8'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['192.167.255.255'],
    ['198.17.255.255'],
    ['198.20.0.0'],
    ['223.255.255.255'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::8.8.8.8'],
  ])('%s is public', (address) => {
    expect(classify(address)).toEqual({ public: true });
  });
});

describe('parseIp and parseRange', () => {
  it('parses the forms DNS and the URL parser produce and nothing else', () => {
    expect(parseIp('127.0.0.1')).toEqual({ family: 4, value: 0x7f000001 });
    expect(parseIp('[::1]')).toEqual({ family: 6, value: 1n });
    expect(parseIp('fe80::1%eth0')).toEqual({ family: 6, value: (0xfe80n << 112n) | 1n });
    expect(parseIp('1:2:3:4:5:6:7.8.9.10')?.value).toBe(parseIp('1:2:3:4:5:6:708:90a')?.value);
    for (const text of ['127.1', '0x7f000001', '2130706433', '01.2.3.4', 'example.com', '1.2.3.4.5', '']) {
      expect(parseIp(text)).toBeNull();
    }
    expect(parseRange('10.0.0.0/8')).toEqual({ family: 4, value: 0x0a000000n, prefix: 8 });
    expect(parseRange('10.1.2.3/33')).toBeNull();
    expect(parseRange('10.1.2.3/')).toBeNull();
  });
});

describe('createAddressPolicy', () => {
  it('allows only public addresses by default', () => {
    const policy = createAddressPolicy();
    expect(policy.checkAddress('example.com', '93.184.215.14')).toEqual({ allowed: true });
    expect(policy.checkAddress('example.com', '127.0.0.1')).toEqual({
      allowed: false,
      reason: '127.0.0.1 is loopback',
    });
    expect(policy.checkAddress('x', '::ffff:10.0.0.1')).toEqual({
      allowed: false,
      reason: '10.0.0.1 is private',
    });
  });

  it('allows intranet host names to resolve privately, and only those names', () => {
    const policy = createAddressPolicy({ allowlist: ['Wiki.Corp.Example.'] });
    expect(policy.checkAddress('wiki.corp.example', '10.1.2.3')).toEqual({ allowed: true });
    expect(policy.checkAddress('wiki.corp.example.', '10.1.2.3')).toEqual({ allowed: true });
    expect(policy.checkAddress('other.corp.example', '10.1.2.3').allowed).toBe(false);
    expect(policy.checkAddress('evil.wiki.corp.example', '10.1.2.3').allowed).toBe(false);
    // A name on the list still never reaches multicast or the unspecified address.
    expect(policy.checkAddress('wiki.corp.example', '0.0.0.0').allowed).toBe(false);
    expect(policy.checkAddress('wiki.corp.example', '224.0.0.1').allowed).toBe(false);
  });

  it('allows address ranges for any name, mapped IPv6 included', () => {
    const policy = createAddressPolicy({ allowlist: ['10.20.0.0/16', '127.0.0.1'] });
    expect(policy.checkAddress('a.example', '10.20.3.4')).toEqual({ allowed: true });
    expect(policy.checkAddress('10.20.3.4', '10.20.3.4')).toEqual({ allowed: true });
    expect(policy.checkAddress('a.example', '::ffff:10.20.3.4')).toEqual({ allowed: true });
    expect(policy.checkAddress('a.example', '10.21.0.1').allowed).toBe(false);
    expect(policy.checkAddress('127.0.0.1', '127.0.0.1')).toEqual({ allowed: true });
    expect(policy.checkAddress('127.0.0.2', '127.0.0.2').allowed).toBe(false);
  });

  it('refuses allowlist entries it cannot read, so a typo cannot widen it', () => {
    expect(() => createAddressPolicy({ allowlist: ['10.0.0.0/40'] })).toThrow(/allowlist entry/);
    expect(() => createAddressPolicy({ allowlist: ['http://wiki'] })).toThrow(/allowlist entry/);
  });

  it('denies domains with their subdomains', () => {
    const policy = createAddressPolicy({ denyDomains: ['Tracker.example'] });
    expect(policy.isDeniedHost('tracker.example')).toBe(true);
    expect(policy.isDeniedHost('cdn.tracker.example.')).toBe(true);
    expect(policy.isDeniedHost('nottracker.example')).toBe(false);
    expect(policy.isDeniedHost('tracker.example.org')).toBe(false);
  });
});
