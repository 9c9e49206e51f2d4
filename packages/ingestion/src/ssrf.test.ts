// SSRF attempts against the guarded fetcher. The forbidden target is a listener on 127.0.0.1 (and ::1) that
// counts connections: every attempt must end with the expected quarantine code AND leave it at zero. The
// last test proves the counter does see a connection when one is allowed, so the zeros mean something.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy, type AddressPolicy } from './address-policy.ts';
import type { QuarantineCode } from './failure.ts';
import { fetchPage } from './fetch-page.ts';
import { systemResolver, type ResolvedAddress, type Resolver } from './guarded-fetch.ts';
import {
  startConnectionCounter,
  startFixtureServer,
  type ConnectionCounter,
  type FixtureServer,
} from './testing/fixture-server.ts';

let forbidden: ConnectionCounter;
let site: FixtureServer;
beforeAll(async () => {
  [forbidden, site] = await Promise.all([startConnectionCounter(), startFixtureServer()]);
});
afterAll(() => Promise.all([forbidden.close(), site.close()]));

// Names that exist only for this test; any other name goes to the system resolver.
const fakeDns: Record<string, ResolvedAddress[]> = {
  'internal.test': [{ address: '127.0.0.1', family: 4 }],
  'private.test': [{ address: '10.0.0.5', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'v6-loopback.test': [{ address: '::1', family: 6 }],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'unique-local.test': [{ address: 'fd00::1', family: 6 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  // "The public site" of the redirect cases: the fixture server, reachable only under this name.
  'public.test': [{ address: '127.0.0.1', family: 4 }],
};
const resolverCalls: string[] = [];
const resolver: Resolver = async (hostname) => {
  resolverCalls.push(hostname);
  return fakeDns[hostname.toLowerCase()] ?? systemResolver(hostname);
};
const publicSitePolicy: AddressPolicy = createAddressPolicy({ allowlist: ['public.test'] });

interface Attempt {
  name: string;
  url: (port: number) => string;
  code: QuarantineCode;
  /** Redirect cases start at the "public" site, which must see the request. */
  viaPublicSite?: boolean;
}

const direct = (name: string, url: (port: number) => string, code: QuarantineCode = 'blocked_address') => ({
  name,
  url,
  code,
});
const redirect = (name: string, location: (port: number) => string): Attempt => ({
  name,
  url: (port) =>
    `http://public.test:${port}/redirect-to?location=${encodeURIComponent(location(forbidden.port))}`,
  code: 'blocked_address',
  viaPublicSite: true,
});

const attempts: Attempt[] = [
  direct('loopback literal', (p) => `http://127.0.0.1:${p}/`),
  direct('decimal IPv4', (p) => `http://2130706433:${p}/`),
  direct('hex IPv4', (p) => `http://0x7f000001:${p}/`),
  direct('octal IPv4', (p) => `http://0177.0.0.1:${p}/`),
  direct('long octal IPv4', (p) => `http://017700000001:${p}/`),
  direct('mixed hex dotted IPv4', (p) => `http://0x7f.0x0.0.1:${p}/`),
  direct('short IPv4 127.1', (p) => `http://127.1:${p}/`),
  direct('IPv4 with trailing dot', (p) => `http://127.0.0.1.:${p}/`),
  direct('other loopback 127.0.0.2', (p) => `http://127.0.0.2:${p}/`),
  direct('0.0.0.0', (p) => `http://0.0.0.0:${p}/`),
  direct('0 (= 0.0.0.0)', (p) => `http://0:${p}/`),
  direct('[::]', (p) => `http://[::]:${p}/`),
  direct('[::1]', (p) => `http://[::1]:${p}/`),
  direct('[0:0:0:0:0:0:0:1]', (p) => `http://[0:0:0:0:0:0:0:1]:${p}/`),
  direct('IPv4-mapped IPv6 dotted', (p) => `http://[::ffff:127.0.0.1]:${p}/`),
  direct('IPv4-mapped IPv6 hex', (p) => `http://[::ffff:7f00:1]:${p}/`),
  direct('IPv4-mapped IPv6 long form', (p) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`),
  direct('IPv4-compatible IPv6', (p) => `http://[::127.0.0.1]:${p}/`),
  direct('NAT64 of loopback', (p) => `http://[64:ff9b::127.0.0.1]:${p}/`),
  direct('localhost', (p) => `http://localhost:${p}/`),
  direct('localhost.', (p) => `http://localhost.:${p}/`),
  direct('LOCALHOST', (p) => `http://LOCALHOST:${p}/`),
  direct('sub.localhost', (p) => `http://app.localhost:${p}/`),
  direct('https to loopback', (p) => `https://127.0.0.1:${p}/`),
  direct('name resolving to loopback', (p) => `http://internal.test:${p}/`),
  direct('name resolving to 10/8', (p) => `http://private.test:${p}/`),
  direct('name resolving to cloud metadata', () => 'http://metadata.test/latest/meta-data/'),
  direct('name resolving to ::1', (p) => `http://v6-loopback.test:${p}/`),
  direct('name resolving to mapped loopback', (p) => `http://mapped.test:${p}/`),
  direct('name resolving to fd00::/8', (p) => `http://unique-local.test:${p}/`),
  direct('name with one public and one private answer', (p) => `http://mixed.test:${p}/`),
  direct('cloud metadata literal', () => 'http://169.254.169.254/latest/meta-data/'),
  direct('10/8', (p) => `http://10.0.0.1:${p}/`),
  direct('172.16/12', (p) => `http://172.16.0.1:${p}/`),
  direct('192.168/16', (p) => `http://192.168.1.1:${p}/`),
  direct('100.64/10', (p) => `http://100.64.0.1:${p}/`),
  direct('198.18/15', (p) => `http://198.18.0.1:${p}/`),
  direct('multicast 224/4', (p) => `http://224.0.0.1:${p}/`),
  direct('broadcast', (p) => `http://255.255.255.255:${p}/`),
  direct('fe80::/10', (p) => `http://[fe80::1]:${p}/`),
  direct('fc00::/7', (p) => `http://[fc00::1]:${p}/`),
  direct('ff00::/8', (p) => `http://[ff02::1]:${p}/`),
  direct('credentials before a loopback host', (p) => `http://public.test@127.0.0.1:${p}/`, 'invalid_url'),
  direct('file: URL', () => 'file:///etc/passwd', 'invalid_url'),
  direct('gopher: URL', (p) => `gopher://127.0.0.1:${p}/_INFO`, 'invalid_url'),
  redirect('public site redirecting to loopback', (p) => `http://127.0.0.1:${p}/`),
  redirect('public site redirecting to decimal loopback', (p) => `http://2130706433:${p}/`),
  redirect('public site redirecting to localhost', (p) => `http://localhost:${p}/`),
  redirect('public site redirecting to [::1]', (p) => `http://[::1]:${p}/`),
  redirect('public site redirecting to a name resolving inside', (p) => `http://internal.test:${p}/`),
  redirect('public site redirecting to cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'),
  redirect('cross-scheme redirect to file:', () => 'file:///etc/passwd'),
  redirect('cross-scheme redirect to gopher:', (p) => `gopher://127.0.0.1:${p}/_INFO`),
  redirect('cross-scheme redirect to ftp:', (p) => `ftp://127.0.0.1:${p}/`),
];

describe('SSRF attempts', () => {
  it('has a table of at least 30 attempts', () => {
    expect(attempts.length).toBeGreaterThanOrEqual(30);
  });

  it.each(attempts.map((attempt) => [attempt.name, attempt] as const))(
    '%s → refused, no connection',
    async (_name, attempt) => {
      const requestsBefore = site.requests().length;
      const url = attempt.url(attempt.viaPublicSite ? site.port : forbidden.port);
      const result = await fetchPage(url, {
        resolver,
        policy: publicSitePolicy,
        connectTimeoutMs: 1_000,
        totalTimeoutMs: 3_000,
      });
      expect(result.ok ? 'ok' : result.failure.code).toBe(attempt.code);
      expect(result.ok || result.failure.transient).toBe(false);
      expect(forbidden.connections()).toBe(0);
      if (attempt.viaPublicSite) expect(site.requests().length).toBe(requestsBefore + 1);
    },
  );

  it('never asked DNS about a literal address or a loopback name', () => {
    expect(resolverCalls.every((name) => name.endsWith('.test'))).toBe(true);
  });

  it('the counter does see a connection that is allowed (control)', async () => {
    const policy = createAddressPolicy({ allowlist: ['127.0.0.1'] });
    const result = await fetchPage(`http://127.0.0.1:${forbidden.port}/`, { policy, totalTimeoutMs: 2_000 });
    expect(result.ok).toBe(false);
    expect(forbidden.connections()).toBe(1);
    if (forbidden.hasIPv6) {
      const v6 = createAddressPolicy({ allowlist: ['::1'] });
      await fetchPage(`http://[::1]:${forbidden.port}/`, { policy: v6, totalTimeoutMs: 2_000 });
      expect(forbidden.connections()).toBe(2);
    }
  });
});
