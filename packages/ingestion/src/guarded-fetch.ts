// The only way the ingestion pipeline talks to the outside world. Each hop: parse the URL, check the deny
// list, resolve the host once, vet every address, then connect with a lookup that can only answer those
// vetted addresses, so a DNS answer that changes between the check and the connection (rebinding) or a
// redirect to an internal host never reaches anything but a public address.
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { createAddressPolicy, type AddressPolicy } from './address-policy.ts';
import { fail, ok, type Result } from './failure.ts';
import { parseWebUrl } from './fingerprint.ts';
import { embeddedIPv4, formatIp, parseIp } from './ip-address.ts';
import { dnsFailure, networkFailure } from './network-failure.ts';
import { readBody } from './read-body.ts';

// Not imported: Node's ES module view of node:http reads its lazy exports, loading undici (~25 ms).
const http = process.getBuiltinModule('node:http');

export const STACKYARD_USER_AGENT = 'Mozilla/5.0 (compatible; stackyard-ingestion/1.0; link preview)';
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses; tests inject one to point names anywhere. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export interface GuardedFetchOptions {
  /** Which hosts and addresses may be reached; default: public unicast only, nothing denied. */
  policy?: AddressPolicy;
  resolver?: Resolver;
  /** Time to establish the TCP connection of one hop. */
  connectTimeoutMs?: number;
  /** Time for everything: resolution, every redirect, headers and body. */
  totalTimeoutMs?: number;
  /** Largest body read (after decompression); a larger one fails with too_large. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Whether to read the body of a response with this media type (`null`: no Content-Type). */
  readBodyOf?: (mediaType: string | null, status: number) => boolean;
  accept?: string;
  userAgent?: string;
  /** Further request headers (an API's Authorization or If-None-Match); sent only to the first URL's origin. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Certificate authorities trusted in addition to Node's public roots (PEM): an intranet host's private CA,
   * or the test fixture's self-signed certificate.
   */
  extraCa?: readonly string[];
  /** Cancels the fetch (a job shutting down); reported as timeout. */
  signal?: AbortSignal;
}

export interface FetchedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  /** The URLs that redirected, in order, starting with the one asked for. */
  redirects: string[];
  /** The status of each redirect, in the order of `redirects` (a link check tells 301 and 308 apart). */
  redirectStatuses: number[];
  status: number;
  headers: IncomingHttpHeaders;
  /** The media type of Content-Type, lower-cased, without parameters. */
  mediaType: string | null;
  body: Buffer;
  /** False when `readBodyOf` declined the body (it was not downloaded). */
  bodyRead: boolean;
  /** The address the connection was made to, one of those vetted. */
  remoteAddress: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(
  input: string,
  options: GuardedFetchOptions = {},
): Promise<Result<FetchedResponse>> {
  const policy = options.policy ?? createAddressPolicy();
  const resolver = options.resolver ?? systemResolver;
  const maxRedirects = options.maxRedirects ?? 5;
  const totalTimeoutMs = options.totalTimeoutMs ?? 20_000;
  const deadline = AbortSignal.timeout(totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const timedOut = <T>(url: string): Result<T> =>
    fail('timeout', {
      url,
      detail: deadline.aborted ? `no complete answer within ${totalTimeoutMs} ms` : 'cancelled',
    });

  const parsed = parseWebUrl(input);
  if (!parsed.ok) return parsed;
  let url = parsed.value;
  const redirects: string[] = [];
  const redirectStatuses: number[] = [];
  for (;;) {
    const target = await vet(url, policy, resolver, signal);
    if (!target.ok) return signal.aborted ? timedOut(url.href) : target;
    const headers = url.origin === parsed.value.origin ? options.headers : undefined;
    const hop = await connect(url, target.value, options, signal, headers);
    if (!hop.ok) return signal.aborted ? timedOut(url.href) : hop;
    const { response, destroy, remoteAddress } = hop.value;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
      destroy();
      const next = nextHop(url, location, redirects.length, maxRedirects);
      if (!next.ok) return next;
      redirects.push(url.href);
      redirectStatuses.push(response.statusCode ?? 0);
      url = next.value;
      continue;
    }
    const status = response.statusCode ?? 0;
    const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null;
    const wanted = options.readBodyOf?.(mediaType, status) ?? true;
    let body: Buffer = Buffer.alloc(0);
    if (wanted) {
      const read = await readBody(response, destroy, options.maxBytes ?? DEFAULT_MAX_BYTES, url.href);
      // A body without a length ends when the connection closes, and so our own abort at the deadline looks
      // like its normal end: whatever the stream says, a body still arriving then is cut short.
      if (signal.aborted) return timedOut(url.href);
      if (!read.ok) return read;
      body = read.value;
    } else {
      destroy();
    }
    return ok({
      url: url.href,
      redirects,
      redirectStatuses,
      status,
      headers: response.headers,
      mediaType,
      body,
      bodyRead: wanted,
      remoteAddress,
    });
  }
}

function nextHop(current: URL, location: string, hops: number, maxRedirects: number): Result<URL> {
  if (hops >= maxRedirects) {
    return fail('http_error', {
      url: current.href,
      detail: `more than ${maxRedirects} redirects`,
      message: 'The site redirected too many times.',
    });
  }
  if (!URL.canParse(location, current.href)) {
    return fail('http_error', {
      url: current.href,
      detail: `unparseable Location: ${location}`,
      message: 'The site redirected to an address that is not valid.',
    });
  }
  const next = new URL(location, current);
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    // Following file:, gopher:, ftp:… is the classic way to turn a fetcher against the server itself.
    return fail('blocked_address', {
      url: current.href,
      detail: `redirect to ${next.protocol} refused`,
      message: 'The site redirected to something that is not a web page, which stackyard does not follow.',
    });
  }
  next.hash = '';
  return parseWebUrl(next.href);
}

interface Target {
  /** What the socket is opened to: an IP literal, or the host name whose lookup is pinned. */
  connectHost: string;
  addresses: ResolvedAddress[];
}

/** Loopback names never go to DNS: their answer is local whatever a resolver says. */
function isLocalName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

async function vet(
  url: URL,
  policy: AddressPolicy,
  resolver: Resolver,
  signal: AbortSignal,
): Promise<Result<Target>> {
  const hostname = url.hostname;
  if (policy.isDeniedHost(hostname)) {
    return fail('blocked_domain', { url: url.href, detail: `${hostname} is denied` });
  }
  const literal = parseIp(hostname);
  if (literal) {
    const bare = hostname.replace(/^\[|\]$/g, '');
    const decision = policy.checkAddress(hostname, bare);
    if (!decision.allowed) return fail('blocked_address', { url: url.href, detail: decision.reason });
    return ok({ connectHost: bare, addresses: [{ address: bare, family: literal.family }] });
  }
  if (isLocalName(hostname) && !policy.checkAddress(hostname, '127.0.0.1').allowed) {
    return fail('blocked_address', { url: url.href, detail: `${hostname} is a loopback name` });
  }
  let answers: ResolvedAddress[];
  try {
    answers = await abortable(resolver(hostname), signal);
  } catch (error) {
    return dnsFailure(error, url.href);
  }
  if (answers.length === 0)
    return dnsFailure(Object.assign(new Error('no address'), { code: 'ENODATA' }), url.href);
  // Every answer must pass, not just one: a name that also points inside is not a public site.
  for (const answer of answers) {
    const decision = policy.checkAddress(hostname, answer.address);
    if (!decision.allowed) {
      return fail('blocked_address', { url: url.href, detail: `${hostname} resolves to ${decision.reason}` });
    }
  }
  return ok({ connectHost: hostname, addresses: answers });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Mapped IPv4 (`::ffff:1.2.3.4`) and plain IPv4 are the same peer. */
function addressKey(address: string): string {
  const ip = parseIp(address);
  if (!ip) return address;
  const mapped = ip.family === 6 && ip.value >> 32n === 0xffffn ? embeddedIPv4(ip) : null;
  return formatIp(mapped ?? ip);
}

interface Hop {
  response: IncomingMessage;
  destroy: () => void;
  remoteAddress: string;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function connect(
  url: URL,
  target: Target,
  options: GuardedFetchOptions,
  signal: AbortSignal,
  extraHeaders: GuardedFetchOptions['headers'],
): Promise<Result<Hop>> {
  const secure = url.protocol === 'https:';
  const vetted = new Set(target.addresses.map(({ address }) => addressKey(address)));
  const [first] = target.addresses;
  // Answers only with the addresses vetted above: the connection cannot go anywhere else, and no
  // second DNS query is made.
  const pinnedLookup = (_hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback) => {
    if (lookupOptions.all) callback(null, target.addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no vetted address'), { code: 'ENOTFOUND' }), '');
  };
  const transport = secure ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Result<Hop>) => {
      clearTimeout(connectTimer);
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = transport.request({
      host: target.connectHost,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        host: url.host,
        'user-agent': options.userAgent ?? STACKYARD_USER_AGENT,
        accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en;q=0.9, *;q=0.5',
        ...extraHeaders,
      },
      // A fresh agent per hop: no pooled socket (maybe opened for another address) is reused, and no
      // proxy from the environment is put between the check and the connection.
      agent: new transport.Agent({ keepAlive: false }),
      // With net's default autoSelectFamily, each vetted address is tried in turn, like a browser does.
      lookup: pinnedLookup,
      signal,
      // The certificate is checked against the name in the URL, not against the pinned address.
      ...(secure && parseIp(url.hostname) === null ? { servername: url.hostname } : {}),
      ...(secure && options.extraCa?.length ? { ca: [...rootCertificates, ...options.extraCa] } : {}),
    });
    const destroy = () => request.destroy();
    const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    const connectTimer = setTimeout(() => {
      settle(fail('timeout', { url: url.href, detail: `no connection within ${connectTimeoutMs} ms` }));
      destroy();
    }, connectTimeoutMs);
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        clearTimeout(connectTimer);
        // Belt and braces: the peer must be one of the vetted addresses.
        const remote = socket.remoteAddress ?? '';
        if (!vetted.has(addressKey(remote))) {
          settle(fail('blocked_address', { url: url.href, detail: `connected to unvetted ${remote}` }));
          destroy();
        }
      });
    });
    request.on('response', (response) => {
      settle(ok({ response, destroy, remoteAddress: response.socket.remoteAddress ?? '' }));
    });
    request.on('error', (error) => settle(networkFailure(error, url.href)));
    request.end();
  });
}
