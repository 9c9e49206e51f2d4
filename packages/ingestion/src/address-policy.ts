// Which hosts and addresses the guarded fetcher may connect to. By default only public unicast
// addresses; an administrator can allow named intranet hosts or ranges, and deny whole domains.
import {
  embeddedIPv4,
  formatIp,
  inRange,
  parseIp,
  parseRange,
  type IpAddress,
  type IpRange,
} from './ip-address.ts';

interface NamedRange {
  range: IpRange;
  name: string;
}

function ranges(list: Array<[string, string]>): NamedRange[] {
  return list.map(([cidr, name]) => {
    const range = parseRange(cidr);
    if (!range) throw new Error(`bad built-in range ${cidr}`);
    return { range, name };
  });
}

const BLOCKED_IPV4 = ranges([
  ['0.0.0.0/8', 'this-network'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared (carrier-grade NAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
]);

// IPv6 is allowed by range rather than refused by range: only global unicast (2000::/3) is public, and
// inside it a few blocks are special-purpose.
const GLOBAL_UNICAST = ranges([['2000::/3', 'global unicast']]);
const BLOCKED_IPV6 = ranges([
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'unique local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
  ['2001::/23', 'IETF protocol assignments (Teredo…)'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4'],
  ['3fff::/20', 'documentation'],
]);

/** Never a meaningful destination, even for an allowed intranet host. */
const NEVER = ranges([
  ['0.0.0.0/8', 'this-network'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['ff00::/8', 'multicast'],
]);

export type AddressClass = { public: true } | { public: false; range: string };

/** Whether an address is public unicast; IPv4-mapped and NAT64 IPv6 addresses are judged as IPv4. */
export function classifyAddress(address: IpAddress): AddressClass {
  const v4 = embeddedIPv4(address) ?? (address.family === 4 ? address : null);
  if (v4) {
    const hit = BLOCKED_IPV4.find(({ range }) => inRange(v4, range));
    return hit ? { public: false, range: hit.name } : { public: true };
  }
  const hit = BLOCKED_IPV6.find(({ range }) => inRange(address, range));
  if (hit) return { public: false, range: hit.name };
  if (!GLOBAL_UNICAST.some(({ range }) => inRange(address, range))) {
    return { public: false, range: 'not global unicast' };
  }
  return { public: true };
}

export interface AddressPolicyOptions {
  /**
   * Intranet hosts the fetcher may reach although they are not public: host names (exact, e.g.
   * `wiki.corp.example`, which may then resolve to any unicast address) or addresses and CIDR ranges
   * (`10.1.0.0/16`, `127.0.0.1`). Empty by default.
   */
  allowlist?: readonly string[];
  /** Domains never fetched, subdomains included (`example.com` also denies `docs.example.com`). */
  denyDomains?: readonly string[];
}

export type AddressDecision = { allowed: true } | { allowed: false; reason: string };

export interface AddressPolicy {
  /** Whether a host name is on the deny list. */
  isDeniedHost(hostname: string): boolean;
  /** Whether `hostname` may be reached at `address` (an address it resolved to, or itself if a literal). */
  checkAddress(hostname: string, address: string): AddressDecision;
}

export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const allowedHosts = new Set<string>();
  const allowedRanges: IpRange[] = [];
  for (const entry of options.allowlist ?? []) {
    const text = entry.trim();
    if (!text) continue;
    const range = /^[\d.]+(\/\d+)?$|:/.test(text) ? parseRange(text) : null;
    if (range) allowedRanges.push(range);
    else if (/^[a-z0-9.-]+$/i.test(text)) allowedHosts.add(hostKey(text));
    // A typo here would silently turn the allowlist into something else: stop start-up instead.
    else throw new Error(`intranet allowlist entry "${entry}" is neither a host name nor an address range`);
  }
  const denied = (options.denyDomains ?? []).map(hostKey).filter(Boolean);

  return {
    isDeniedHost(hostname) {
      const host = hostKey(hostname);
      return denied.some((domain) => host === domain || host.endsWith(`.${domain}`));
    },
    checkAddress(hostname, addressText) {
      const address = parseIp(addressText);
      if (!address) return { allowed: false, reason: `not an IP address: ${addressText}` };
      const shown = formatIp(embeddedIPv4(address) ?? address);
      const never = NEVER.find(({ range }) => inRange(embeddedIPv4(address) ?? address, range));
      if (never) return { allowed: false, reason: `${shown} is ${never.name}` };
      const isLiteral = parseIp(hostname) !== null;
      if (!isLiteral && allowedHosts.has(hostKey(hostname))) return { allowed: true };
      const v4 = embeddedIPv4(address);
      if (allowedRanges.some((range) => inRange(address, range) || (v4 !== null && inRange(v4, range)))) {
        return { allowed: true };
      }
      const verdict = classifyAddress(address);
      return verdict.public ? { allowed: true } : { allowed: false, reason: `${shown} is ${verdict.range}` };
    },
  };
}

/** Host names compare lower-case and without the trailing dot of a fully qualified name. */
function hostKey(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}
