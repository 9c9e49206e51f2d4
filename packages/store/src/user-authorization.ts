// Who may link an installation. GitHub's setup redirect carries installation_id in the query string, so anyone
// can name any installation of the app there. With "Request user authorization (OAuth) during installation"
// GitHub adds a one-time `code`: exchanged with the app's client credentials it gives a user access token, and
// GET /user/installations with that token lists the installations of this app the user may access. Only an
// installation in that list is accepted. The user token is used for that one list, revoked, and never kept.
import type { Octokit } from '@octokit/core';
import { classifyError, failed, ok, type GithubFailure, type GithubResult } from './github-failure.ts';

export interface UserAuthorizationOptions {
  octokit: Octokit;
  webBaseUrl: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  fetch: typeof fetch;
  now: () => number;
}

/** Checks that the user whose `code` came back from GitHub can access `installationId`. */
export type InstallationAccessCheck = (code: string, installationId: number) => Promise<GithubResult<void>>;

const PAGE_SIZE = 100;
/** A user with more than 5,000 installations of one app is not a case to page through forever. */
const MAX_PAGES = 50;
const EXCHANGE_TIMEOUT_MS = 15_000;

export const AUTHORIZATION_EXPIRED =
  'GitHub did not accept the authorization that came back with this installation: it has expired or was already used. Install the app again from the storage settings.';

const CLIENT_CREDENTIALS_REFUSED: GithubFailure = {
  code: 'app_credentials_invalid',
  message:
    'GitHub refused stackyard’s GitHub App client credentials. An administrator must check GITHUB_APP_CLIENT_ID and GITHUB_APP_CLIENT_SECRET.',
  retryable: false,
};

export function notAccessibleMessage(installationId: number): string {
  return `Your GitHub account cannot access the GitHub App installation ${installationId}, so it cannot be linked to this workspace. Install the app from the storage settings on an account or organization you manage.`;
}

export function createInstallationAccessCheck(options: UserAuthorizationOptions): InstallationAccessCheck {
  const { octokit, clientId, clientSecret } = options;
  const tokenUrl = new URL('login/oauth/access_token', withTrailingSlash(options.webBaseUrl)).href;

  /** POST /login/oauth/access_token: GitHub answers 200 with either access_token or error. */
  async function exchange(code: string): Promise<GithubResult<string>> {
    if (!clientId || !clientSecret) return failed(CLIENT_CREDENTIALS_REFUSED);
    let response: Response;
    try {
      response = await options.fetch(tokenUrl, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code }),
        signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      });
    } catch (error) {
      return failed({
        code: 'network',
        message: 'GitHub could not be reached. Try again in a moment.',
        retryable: true,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    const body = await readJson(response);
    if (response.status === 429 || response.status >= 500) {
      const retryAfter = Number(response.headers.get('retry-after'));
      return failed({
        code: response.status === 429 ? 'rate_limited' : 'server_error',
        message: 'GitHub had a temporary problem. Try again in a moment.',
        retryable: true,
        status: response.status,
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
      });
    }
    if (body === null) {
      return failed({
        code: 'unexpected',
        message:
          'GitHub’s authorization endpoint gave an answer stackyard does not understand. An administrator must check GITHUB_WEB_URL.',
        retryable: false,
        status: response.status,
      });
    }
    const token = typeof body.access_token === 'string' ? body.access_token : '';
    if (response.ok && token !== '') return ok(token);
    const error = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
    const detail = typeof body.error_description === 'string' ? `${error}: ${body.error_description}` : error;
    if (error === 'incorrect_client_credentials') return failed({ ...CLIENT_CREDENTIALS_REFUSED, detail });
    return failed({
      code: 'authorization_invalid',
      message: AUTHORIZATION_EXPIRED,
      retryable: false,
      status: response.status,
      detail,
    });
  }

  /** Whether GET /user/installations lists the installation, page by page until it is found. */
  async function lists(token: string, installationId: number): Promise<GithubResult<boolean>> {
    const headers = { authorization: `Bearer ${token}` };
    try {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const response = await octokit.request('GET /user/installations', {
          per_page: PAGE_SIZE,
          page,
          headers,
        });
        const installations = response.data.installations;
        if (installations.some((installation) => installation.id === installationId)) return ok(true);
        if (installations.length < PAGE_SIZE || page * PAGE_SIZE >= response.data.total_count) break;
      }
      return ok(false);
    } catch (error) {
      const failure = classifyError(error, { now: options.now });
      // A token refused right after it was issued: the authorization was revoked in between.
      if (failure.status === 401) {
        return failed({ ...failure, code: 'authorization_invalid', message: AUTHORIZATION_EXPIRED });
      }
      return failed(failure);
    }
  }

  /** Best effort: the token has done its job; GitHub would expire it anyway. */
  async function revoke(token: string): Promise<void> {
    if (!clientId || !clientSecret) return;
    try {
      await octokit.request('DELETE /applications/{client_id}/token', {
        client_id: clientId,
        access_token: token,
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
      });
    } catch {
      // Nothing to do: the token expires by itself, and it was never stored.
    }
  }

  return async (code, installationId) => {
    const exchanged = await exchange(code);
    if (!exchanged.ok) return exchanged;
    const token = exchanged.value;
    const listed = await lists(token, installationId);
    await revoke(token);
    if (!listed.ok) return listed;
    if (!listed.value) {
      return failed({
        code: 'installation_not_accessible',
        message: notAccessibleMessage(installationId),
        retryable: false,
        status: 403,
      });
    }
    return ok(undefined);
  };
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
