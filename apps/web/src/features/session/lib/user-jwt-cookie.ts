// The API reads the session JWT from this cookie: Lax, path /, Secure on https, and scoped to
// the product's parent domain when one is configured, so sibling hosts (api., app.) share it.

export const USER_JWT_COOKIE = 'user_jwt';

/** A domain attribute only makes sense for a registrable name: never for localhost or an IP address. */
export function cookieDomainFor(hostname: string, configured: string | undefined): string | undefined {
  if (!configured) return undefined;
  const isIp = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  if (isIp || hostname === 'localhost' || hostname.endsWith('.localhost')) return undefined;
  const domain = configured.replace(/^\./, '').toLowerCase();
  const host = hostname.toLowerCase();
  // The browser drops a cookie whose domain does not cover the page's host.
  return host === domain || host.endsWith(`.${domain}`) ? domain : undefined;
}

export interface CookieTarget {
  hostname: string;
  protocol: string;
  domain: string | undefined;
}

export function userJwtCookie(value: string, maxAgeSeconds: number, target: CookieTarget): string {
  const parts = [
    `${USER_JWT_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'SameSite=Lax',
  ];
  const domain = cookieDomainFor(target.hostname, target.domain);
  if (domain) parts.push(`Domain=${domain}`);
  if (target.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

/** Seconds since the epoch at which a JWT expires, or null when it cannot be read. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

// Renew the JWT this long before it expires, so an API call never goes out with a dead one.
const REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MS = 5_000;

/** How long to wait before fetching whoami again for a JWT expiring at `expiresAtMs`; false: never. */
export function refreshDelay(expiresAtMs: number | null, nowMs: number): number | false {
  if (expiresAtMs === null) return false;
  return Math.max(MIN_REFRESH_MS, expiresAtMs - nowMs - REFRESH_MARGIN_MS);
}
