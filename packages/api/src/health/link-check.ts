import type { LinkHealthStatus } from '@stackyard/contracts/health';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import { guardedFetch } from '@stackyard/ingestion/guarded-fetch';
import type { HealthSettings } from './health-context.ts';

// One check of one URL, through the guarded fetcher (never a private address unless allowlisted), as a
// conditional request with the validators of the last answer, reading no body.

/** What the last check left: its status and validators, and how many checks in a row failed. */
export interface PriorCheck {
  status: LinkHealthStatus;
  failures: number;
  etag: string | null;
  lastModified: string | null;
  httpStatus: number | null;
}

export interface CheckOutcome {
  status: LinkHealthStatus;
  httpStatus: number | null;
  movedTo: string | null;
  failures: number;
  etag: string | null;
  lastModified: string | null;
}

const PERMANENT = new Set([301, 308]);
const GONE = new Set([404, 410]);

export async function checkLink(
  url: string,
  prior: PriorCheck | null,
  settings: HealthSettings,
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  const headers: Record<string, string> = {};
  if (prior?.etag) headers['if-none-match'] = prior.etag;
  if (prior?.lastModified) headers['if-modified-since'] = prior.lastModified;
  const fetched = await guardedFetch(url, {
    policy: createAddressPolicy({ allowlist: settings.allowlist, denyDomains: settings.denyDomains }),
    ...(settings.resolver ? { resolver: settings.resolver } : {}),
    totalTimeoutMs: settings.timeoutMs,
    readBodyOf: () => false,
    headers,
    ...(signal ? { signal } : {}),
  });
  const failed = (httpStatus: number | null): CheckOutcome => {
    const failures = (prior?.failures ?? 0) + 1;
    return {
      status: failures >= settings.failingAfter ? 'failing' : (prior?.status ?? 'ok'),
      httpStatus,
      movedTo: null,
      failures,
      etag: prior?.etag ?? null,
      lastModified: prior?.lastModified ?? null,
    };
  };
  if (!fetched.ok) return failed(fetched.failure.status ?? null);
  const answer = fetched.value;
  if (GONE.has(answer.status)) {
    return {
      status: 'gone',
      httpStatus: answer.status,
      movedTo: null,
      failures: 0,
      etag: null,
      lastModified: null,
    };
  }
  if (answer.status >= 400) return failed(answer.status);
  const notModified = answer.status === 304;
  const header = (name: string) => {
    const value = answer.headers[name];
    return typeof value === 'string' ? value : null;
  };
  return {
    status: 'ok',
    httpStatus: notModified ? (prior?.httpStatus ?? 200) : answer.status,
    movedTo: null,
    failures: 0,
    etag: notModified ? (prior?.etag ?? null) : header('etag'),
    lastModified: notModified ? (prior?.lastModified ?? null) : header('last-modified'),
    ...movedOf(url, answer.redirects, answer.redirectStatuses, answer.url),
  };
}

/** Where the permanent redirects at the start of the chain lead, when that is another URL. */
function movedOf(
  url: string,
  redirects: readonly string[],
  statuses: readonly number[],
  finalUrl: string,
): Pick<CheckOutcome, 'status' | 'movedTo'> | Record<string, never> {
  const permanent = statuses.findIndex((status) => !PERMANENT.has(status));
  const hops = permanent === -1 ? statuses.length : permanent;
  if (hops === 0) return {};
  const target = redirects[hops] ?? finalUrl;
  return target === url ? {} : { status: 'moved', movedTo: target };
}
