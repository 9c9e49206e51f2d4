// Ingestion errors are values, not exceptions: a job stores `code` and `message` as the submission's
// quarantine context, and retries only what `transient` says may succeed later.

export const QUARANTINE_CODES = [
  'blocked_address',
  'blocked_domain',
  'bot_challenge',
  'http_error',
  'invalid_url',
  'not_html',
  'timeout',
  'too_large',
  'unreachable',
] as const;

export type QuarantineCode = (typeof QUARANTINE_CODES)[number];

export interface IngestionFailure {
  code: QuarantineCode;
  /** A sentence the submitter understands, shown as the quarantine reason. */
  message: string;
  /** Whether the same request may succeed later (a job retries these with backoff). */
  transient: boolean;
  /** For operators and logs: the address, status or system error behind the failure. */
  detail?: string;
  /** The URL being fetched when it failed (after redirects), if any. */
  url?: string;
  /** The HTTP status, for http_error and bot_challenge. */
  status?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; failure: IngestionFailure };

const DEFAULT_MESSAGES: Record<QuarantineCode, string> = {
  blocked_address:
    'This link points to a private or reserved network address, which stackyard does not fetch.',
  blocked_domain: 'This site is on the list of domains an administrator blocked.',
  bot_challenge:
    'The site answered with a bot check ("Just a moment…") instead of its page, so nothing could be read.',
  http_error: 'The site answered with an error instead of the page.',
  invalid_url: 'This is not a valid web address (it must start with http:// or https://).',
  not_html: 'This link is not a web page (it is a file or another kind of document).',
  timeout: 'The site took too long to answer.',
  too_large: 'The page is larger than the 5 MB stackyard reads.',
  unreachable: 'The site could not be reached.',
};

/** Codes worth retrying unless a more specific detail says otherwise (see `fail`). */
const TRANSIENT_BY_DEFAULT: ReadonlySet<QuarantineCode> = new Set(['timeout', 'unreachable']);

export function fail<T>(
  code: QuarantineCode,
  extra: Partial<Omit<IngestionFailure, 'code'>> = {},
): Result<T> {
  return {
    ok: false,
    failure: {
      code,
      message: extra.message ?? DEFAULT_MESSAGES[code],
      transient: extra.transient ?? TRANSIENT_BY_DEFAULT.has(code),
      ...(extra.detail === undefined ? {} : { detail: extra.detail }),
      ...(extra.url === undefined ? {} : { url: extra.url }),
      ...(extra.status === undefined ? {} : { status: extra.status }),
    },
  };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
