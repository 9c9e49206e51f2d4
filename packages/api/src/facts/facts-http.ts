import type { IncomingHttpHeaders } from 'node:http';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import { guardedFetch, type GuardedFetchOptions } from '@stackyard/ingestion/guarded-fetch';

// The facts fetcher's one way out: JSON APIs through the guarded fetcher (public hosts only, unless an
// administrator allowlisted an intranet mirror), with the request's extra headers.

export interface FactsHttpSettings {
  /** Intranet hosts and ranges the fetcher may reach (INGESTION_INTRANET_ALLOWLIST; tests: loopback). */
  allowlist: readonly string[];
  /** Further fetcher options (tests: a resolver). */
  fetch?: Pick<GuardedFetchOptions, 'resolver' | 'extraCa' | 'totalTimeoutMs'>;
}

export interface JsonAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed body; null for a 304, an empty or a non-JSON body. */
  json: unknown;
}

export type JsonResult = { ok: true; answer: JsonAnswer } | { ok: false; error: string; transient: boolean };

/** Registry documents of large packages run to megabytes; nothing we read is bigger than this. */
const MAX_BYTES = 20 * 1024 * 1024;

export function createJsonFetcher(settings: FactsHttpSettings) {
  const policy = createAddressPolicy({ allowlist: settings.allowlist });
  return async function fetchJson(
    url: string,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<JsonResult> {
    const result = await guardedFetch(url, {
      ...settings.fetch,
      policy,
      accept: 'application/json',
      userAgent: 'stackyard-facts/1.0',
      headers,
      maxBytes: MAX_BYTES,
      maxRedirects: 3,
      ...(signal ? { signal } : {}),
    });
    if (!result.ok) {
      return { ok: false, error: result.failure.message, transient: result.failure.transient };
    }
    const { status, headers: answerHeaders, body } = result.value;
    let json: unknown = null;
    if (status !== 304 && body.length > 0) {
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        json = null;
      }
    }
    return { ok: true, answer: { status, headers: answerHeaders, json } };
  };
}

export type FetchJson = ReturnType<typeof createJsonFetcher>;

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A JSON object's field, or undefined. */
export function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
export const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null;
export const isoOrNull = (value: unknown): string | null => {
  const text = str(value);
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};
