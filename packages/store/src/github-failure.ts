// GitHub failures are values, not exceptions: the sync job stores `code` and `message` as the link's last
// error (shown by health), and retries after `retryAfterMs` only what `retryable` says may succeed later.
import { RequestError } from '@octokit/request-error';

export const GITHUB_FAILURE_CODES = [
  'app_credentials_invalid',
  'installation_invalid',
  'installation_suspended',
  /** The installation callback's `code` was refused (expired, already used, or not for this app). */
  'authorization_invalid',
  /** The user who came back from GitHub cannot access the installation they named. */
  'installation_not_accessible',
  'repository_not_found',
  'repository_archived',
  'forbidden',
  'rate_limited',
  'conflict',
  'server_error',
  'network',
  'unexpected',
] as const;

export type GithubFailureCode = (typeof GITHUB_FAILURE_CODES)[number];

export interface GithubFailure {
  code: GithubFailureCode;
  /** A sentence a workspace admin understands, shown by check, connect and health. */
  message: string;
  /** Whether the same call may succeed later without anyone changing anything on GitHub. */
  retryable: boolean;
  /** How long GitHub asked us to wait (rate limits), in milliseconds. */
  retryAfterMs?: number;
  status?: number;
  /** For operators and logs: GitHub's own message. */
  detail?: string;
}

export type GithubResult<T> = { ok: true; value: T } | { ok: false; failure: GithubFailure };

export function ok<T>(value: T): GithubResult<T> {
  return { ok: true, value };
}

export function failed<T>(failure: GithubFailure): GithubResult<T> {
  return { ok: false, failure };
}

/** Thrown inside the client to leave a multi-request flow early; always turned back into a value. */
export class GithubFailureError extends Error {
  readonly failure: GithubFailure;
  constructor(failure: GithubFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** When GitHub gives no hint, a secondary limit is waited out for a minute (GitHub's documented advice). */
const SECONDARY_LIMIT_DEFAULT_MS = 60_000;

export interface FailureContext {
  /** `owner/name`, when the request was about one repository. */
  repository?: string;
  now?: () => number;
}

/** Maps any error thrown by an Octokit request to a failure a person and a job can act on. */
export function classifyError(error: unknown, context: FailureContext = {}): GithubFailure {
  if (error instanceof GithubFailureError) return error.failure;
  if (!(error instanceof RequestError)) {
    return {
      code: 'unexpected',
      message: 'Something unexpected went wrong while talking to GitHub.',
      retryable: true,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  const status = error.status;
  const headers = error.response?.headers ?? {};
  const detail = githubMessage(error);
  const repo = context.repository ? `the repository ${context.repository}` : 'the repository';
  const now = context.now ?? Date.now;

  // Octokit reports a connection that never got an answer as status 500 without a response.
  if (!error.response) {
    return {
      code: 'network',
      message: 'GitHub could not be reached. stackyard will try again.',
      retryable: true,
      detail,
    };
  }
  if (status === 403 || status === 429) {
    const limit = rateLimit(status, headers, detail, now);
    if (limit) return limit;
    if (/suspend/i.test(detail)) {
      return {
        code: 'installation_suspended',
        message: SUSPENDED_MESSAGE,
        retryable: false,
        status,
        detail,
      };
    }
  }
  if (status === 401) {
    return {
      code: 'installation_invalid',
      message:
        'The GitHub App installation is no longer valid (it was removed or its access revoked). Install the app again.',
      retryable: false,
      status,
      detail,
    };
  }
  if (status === 403) {
    return {
      code: 'forbidden',
      message: `The GitHub App is not allowed to access ${repo}. Check that the installation includes it and grants read and write access to contents.`,
      retryable: false,
      status,
      detail,
    };
  }
  if (status === 404) {
    return {
      code: 'repository_not_found',
      message: `${capitalize(repo)} was not found, or the GitHub App installation cannot reach it. Check the owner and name, and that the app was given access to it.`,
      retryable: false,
      status,
      detail,
    };
  }
  if (status >= 500) {
    return {
      code: 'server_error',
      message: 'GitHub had a temporary problem. stackyard will try again.',
      retryable: true,
      status,
      detail,
    };
  }
  return {
    code: 'unexpected',
    message: 'GitHub refused the request stackyard made.',
    retryable: false,
    status,
    detail,
  };
}

export const SUSPENDED_MESSAGE =
  'The GitHub App installation is suspended. An owner of the GitHub account must unsuspend it in the GitHub settings.';

/**
 * Whether a 403 or 429 answer is a rate limit, and how long to wait (shared with the tool facts fetcher).
 * GitHub's documented order: wait `retry-after` seconds when given; else, with no requests left, until
 * `x-ratelimit-reset`; else a secondary limit (named in the message, or any 429) is waited out for a minute.
 */
export function rateLimit(
  status: number,
  headers: Record<string, unknown>,
  detail: string,
  now: () => number,
): GithubFailure | null {
  const retryAfter = Number(headerValue(headers['retry-after']));
  if (Number.isFinite(retryAfter) && retryAfter >= 0) {
    return { ...SLOW_DOWN, retryAfterMs: retryAfter * 1000, status, detail };
  }
  if (headerValue(headers['x-ratelimit-remaining']) === '0') {
    const reset = Number(headerValue(headers['x-ratelimit-reset']));
    return {
      code: 'rate_limited',
      message:
        'GitHub’s hourly request limit for this installation is used up. The sync will continue when it resets.',
      retryable: true,
      retryAfterMs: Number.isFinite(reset) ? Math.max(0, reset * 1000 - now()) : SECONDARY_LIMIT_DEFAULT_MS,
      status,
      detail,
    };
  }
  if (status === 429 || /secondary rate limit|abuse/i.test(detail)) {
    return { ...SLOW_DOWN, retryAfterMs: SECONDARY_LIMIT_DEFAULT_MS, status, detail };
  }
  return null;
}

const SLOW_DOWN = {
  code: 'rate_limited',
  message: 'GitHub asked stackyard to slow down. The sync will continue automatically.',
  retryable: true,
} as const;

/** GitHub's JSON error message, which says e.g. "You have exceeded a secondary rate limit". */
export function githubMessage(error: RequestError): string {
  const data: unknown = error.response?.data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return error.message;
}

function headerValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
