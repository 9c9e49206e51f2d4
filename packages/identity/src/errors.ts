// Not imported: Node's ES module view of node:http reads its lazy exports, loading undici (~25 ms).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** The body of every non-flow error, as Ory Kratos answers it: `{error: {...}}` plus extra top-level fields. */
export interface ErrorEnvelope {
  error: {
    id?: string;
    code: number;
    status: string;
    request?: string;
    reason?: string;
    details?: Record<string, unknown>;
    message: string;
  };
  [extra: string]: unknown;
}

/** An error the identity API answers as it is (status, id, reason); anything else is a masked 500. */
export class IdentityError extends Error {
  readonly code: number;
  readonly id: string | undefined;
  readonly reason: string | undefined;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: number,
    message: string,
    options: {
      id?: string;
      reason?: string;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'IdentityError';
    this.code = code;
    this.id = options.id;
    this.reason = options.reason;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  envelope(requestId?: string): ErrorEnvelope {
    return {
      error: {
        ...(this.id ? { id: this.id } : {}),
        code: this.code,
        status: STATUS_CODES[this.code] ?? 'Error',
        ...(requestId ? { request: requestId } : {}),
        ...(this.reason ? { reason: this.reason } : {}),
        message: this.message,
      },
      ...this.extra,
    };
  }
}

export const errors = {
  unauthorized: () =>
    new IdentityError(401, 'The request could not be authorized', {
      reason: 'No valid session credentials found in the request.',
    }),
  csrf: () =>
    new IdentityError(403, 'the request was rejected to protect you from Cross-Site-Request-Forgery', {
      id: 'security_csrf_violation',
      reason:
        'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    }),
  notFound: (what = 'The requested resource could not be found') =>
    new IdentityError(404, 'The requested resource could not be found', { reason: what }),
  badRequest: (reason: string, id?: string) =>
    new IdentityError(400, 'The request was malformed or contained invalid parameters', {
      reason,
      ...(id ? { id } : {}),
    }),
  flowExpired: (expiredAt: Date, useFlowId: string) =>
    new IdentityError(410, 'self-service flow expired', {
      id: 'self_service_flow_expired',
      reason: `The self-service flow expired ${((Date.now() - expiredAt.getTime()) / 60_000).toFixed(2)} minutes ago, initialize a new one.`,
      extra: {
        expired_at: expiredAt.toISOString(),
        since: Math.round((Date.now() - expiredAt.getTime()) * 1e6),
        use_flow_id: useFlowId,
      },
    }),
  locationChange: (url: string) =>
    new IdentityError(422, 'browser location change required', {
      id: 'browser_location_change_required',
      reason: `In order to complete this flow please redirect the browser to: ${url}`,
      extra: { redirect_browser_to: url },
    }),
  sessionAlreadyAvailable: () =>
    new IdentityError(400, 'A valid session was detected and thus login is not possible.', {
      id: 'session_already_available',
      reason:
        'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    }),
  refreshRequired: (loginUrl?: string) =>
    new IdentityError(403, 'The login session is too old and thus not allowed to update these fields.', {
      id: 'session_refresh_required',
      reason:
        'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      extra: loginUrl ? { redirect_browser_to: loginUrl } : {},
    }),
  rateLimited: (retryAfterSeconds: number) =>
    new IdentityError(429, 'Too many requests, please try again later.', {
      id: 'rate_limit_exceeded',
      reason: `Too many attempts. Try again in ${retryAfterSeconds} seconds.`,
      headers: { 'retry-after': String(retryAfterSeconds) },
      // RFC 9457 fields beside the Kratos envelope, so either kind of client can show the reason.
      extra: {
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail: `Too many attempts. Try again in ${retryAfterSeconds} seconds.`,
      },
    }),
};
