// IP addresses as numbers, so ranges are compared arithmetically instead of by string prefixes (a string
// check is what SSRF filters usually get wrong: "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1", "127.1"…).
import { isIPv4, isIPv6 } from 'node:net';

export type IpAddress = { family: 4; value: number } | { family: 6; value: bigint };

/** An address or CIDR range: `value` with its low `128 - prefix` (or `32 - prefix`) bits cleared. */
export interface IpRange {
  family: 4 | 6;
  value: bigint;
  prefix: number;
}

/**
 * Parses a canonical address as DNS answers and the WHATWG URL parser produce them: dotted-quad IPv4 or
 * IPv6 (with or without brackets, an optional embedded dotted quad). A zone id (`fe80::1%eth0`) is kept
 * off: only link-local addresses carry one, and those are refused anyway.
 */
export function parseIp(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(bare)) return { family: 4, value: parseIPv4(bare) };
  const withoutZone = bare.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return null;
  return { family: 6, value: parseIPv6(withoutZone) };
}

function parseIPv4(text: string): number {
  // isIPv4 accepted exactly four decimal parts, each 0-255.
  return text.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function parseIPv6(text: string): bigint {
  let body = text;
  const tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  const last = body.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    body = body.slice(0, lastColon + 1) + '0:0';
  }
  const [head = '', rest] = body.split('::');
  const toGroups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  let groups = toGroups(head);
  if (rest !== undefined) {
    const after = toGroups(rest);
    groups = [...groups, ...new Array<number>(8 - groups.length - after.length).fill(0), ...after];
  }
  if (tail.length) groups = [...groups.slice(0, 6), ...tail];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
}

/** Parses `10.0.0.0/8`, `fc00::/7`, or a single address (a range of one). */
export function parseRange(text: string): IpRange | null {
  const [addressText = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const address = parseIp(addressText);
  if (!address) return null;
  const width = address.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width || prefixText === '') return null;
  return { family: address.family, value: mask(BigInt(address.value), width, prefix), prefix };
}

export function inRange(address: IpAddress, range: IpRange): boolean {
  if (address.family !== range.family) return false;
  const width = address.family === 4 ? 32 : 128;
  return mask(BigInt(address.value), width, range.prefix) === range.value;
}

function mask(value: bigint, width: number, prefix: number): bigint {
  const hostBits = BigInt(width - prefix);
  return (value >> hostBits) << hostBits;
}

/**
 * The IPv4 address an IPv6 address stands for, if it is one of the forms that reach IPv4 hosts: mapped
 * (`::ffff:a.b.c.d`, how a dual-stack socket writes IPv4 peers) or NAT64 (`64:ff9b::a.b.c.d`).
 */
export function embeddedIPv4(address: IpAddress): IpAddress | null {
  if (address.family !== 6) return null;
  const high = address.value >> 32n;
  if (high === 0xffffn || high === 0x64ff9b_0000_0000_0000_0000n) {
    return { family: 4, value: Number(address.value & 0xffff_ffffn) };
  }
  return null;
}

export function formatIp(address: IpAddress): string {
  if (address.family === 4) {
    const v = address.value;
    return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) {
    groups.push(((address.value >> shift) & 0xffffn).toString(16));
  }
  // The long form is unambiguous and only used in messages and logs; no need to compress zeros.
  return groups.join(':');
}
