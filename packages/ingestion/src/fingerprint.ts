// The identity of a submitted URL: two links that a person would call "the same page" must get the same
// fingerprint, so a workspace never holds a tool twice and enriched metadata can be shared.
import { createHash } from 'node:crypto';
import { fail, ok, type Result } from './failure.ts';

/** Parameters that only say where a click came from; they never change the page. */
const TRACKING_PARAMETERS: ReadonlySet<string> = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'dclid',
  'fbclid',
  'gbraid',
  'gclid',
  'gclsrc',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'oly_anon_id',
  'oly_enc_id',
  'pk_campaign',
  'pk_kwd',
  'pk_medium',
  'pk_source',
  'ref_src',
  'ref_url',
  'rb_clickid',
  's_cid',
  'ttclid',
  'twclid',
  'vero_conv',
  'vero_id',
  'wbraid',
  'wickedid',
  'yclid',
]);
const TRACKING_PREFIXES = ['utm_', 'hsa_', 'mtm_'];

export function isTrackingParameter(name: string): boolean {
  const key = name.toLowerCase();
  return TRACKING_PARAMETERS.has(key) || TRACKING_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * Parses a URL the pipeline may fetch: absolute, http or https, with a host and without a user name or
 * password (credentials in a link would end up in logs and in the database).
 */
export function parseWebUrl(input: string): Result<URL> {
  const text = input.trim();
  // Browsers forgive pasted links without a scheme, but guessing one here would fingerprint
  // "example.com/a" and "http://example.com/a" differently depending on the guess; refuse instead.
  if (!URL.canParse(text)) return fail('invalid_url', { detail: 'not an absolute URL' });
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('invalid_url', { detail: `scheme ${url.protocol} is not fetched` });
  }
  if (!url.hostname) return fail('invalid_url', { detail: 'no host' });
  if (url.username || url.password) {
    return fail('invalid_url', {
      message: 'Links that contain a user name or password are not accepted.',
      detail: 'credentials in URL',
    });
  }
  return ok(url);
}

/**
 * A fragment that is a route of a single-page app (`#/inbox`, `#!/x`, `#!x`) names another page and is kept,
 * without a trailing slash; a plain one (`#install`) is a place on the page, dropped like an empty route.
 */
function hashRoute(hash: string): string {
  if (!/^#!|^#\//.test(hash)) return '';
  const route = hash.replace(/\/+$/, '');
  return route === '#' || route === '#!' ? '' : route;
}

/**
 * The normalised form of a URL: scheme and host lower-cased, default port, `www.`, a trailing dot of the
 * host, trailing slash, a fragment that is no route (hashRoute) and tracking parameters dropped, the remaining
 * query sorted.
 */
export function normalizeUrl(input: string): Result<string> {
  const parsed = parseWebUrl(input);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  // The WHATWG parser already lower-cases scheme and host, drops the default port, and encodes the
  // host to punycode and IPv4 literals to dotted decimal.
  let host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('www.') && host.length > 4) host = host.slice(4);
  const port = url.port ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const pairs = [...url.searchParams].filter(([name]) => !isTrackingParameter(name));
  // Sort by name, then value, so `?b=1&a=2&a=1` and `?a=1&a=2&b=1` are one page.
  pairs.sort(([nameA, valueA], [nameB, valueB]) =>
    nameA === nameB ? compare(valueA, valueB) : compare(nameA, nameB),
  );
  const query = pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
  return ok(`${url.protocol}//${host}${port}${path}${query}${hashRoute(url.hash)}`);
}

export interface Fingerprint {
  normalizedUrl: string;
  /** sha256 of the normalised URL, lower-case hex. */
  fingerprint: string;
}

export function fingerprintUrl(input: string): Result<Fingerprint> {
  const normalized = normalizeUrl(input);
  if (!normalized.ok) return normalized;
  const fingerprint = createHash('sha256').update(normalized.value).digest('hex');
  return ok({ normalizedUrl: normalized.value, fingerprint });
}

// Code-unit order, not locale order: a fingerprint must not depend on the server's locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
