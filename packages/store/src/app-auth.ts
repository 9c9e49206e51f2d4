// The two credentials of a GitHub App: a short JWT signed with the app's private key (only good for asking
// for installation tokens), and per-installation access tokens that last an hour and are cached here.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import { SignJWT } from 'jose';
import { GithubFailureError, classifyError, githubMessage } from './github-failure.ts';

/** GitHub refuses app JWTs valid for more than 10 minutes; backdating iat absorbs clock drift. */
const JWT_LIFETIME_S = 9 * 60;
const JWT_BACKDATE_S = 60;
/** A token this close to expiry is replaced first, so a long sync never starts with a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export function loadPrivateKey(pem: string): KeyObject {
  // node:crypto reads PKCS#1 (what GitHub issues) as well as PKCS#8, which jose's importPKCS8 would not.
  return createPrivateKey({ key: pem, format: 'pem' });
}

export async function createAppJwt(appId: string, key: KeyObject, nowMs: number): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(appId)
    .setIssuedAt(now - JWT_BACKDATE_S)
    .setExpirationTime(now + JWT_LIFETIME_S)
    .sign(key);
}

interface CachedToken {
  token: string;
  expiresAt: number;
  /** What the installation grants, e.g. { contents: 'write', metadata: 'read' }. */
  permissions: Readonly<Record<string, string | undefined>>;
}

export interface InstallationTokens {
  /** A valid token for the installation, from the cache unless it is near expiry or was invalidated. */
  get(installationId: number): Promise<string>;
  /** Forget a token GitHub answered 401 to (revoked, or expired early), so the next `get` asks again. */
  invalidate(installationId: number, token: string): void;
  /** The permissions GitHub stated with the installation's current token, if one was minted. */
  permissions(installationId: number): Readonly<Record<string, string | undefined>> | undefined;
  /** Signs a fresh app JWT, for the few /app endpoints. */
  appJwt(): Promise<string>;
}

export function createInstallationTokens(options: {
  octokit: Octokit;
  appId: string;
  privateKey: string;
  now: () => number;
}): InstallationTokens {
  const key = loadPrivateKey(options.privateKey);
  const cache = new Map<number, CachedToken>();
  // Concurrent callers for one installation share one token request instead of minting several.
  const pending = new Map<number, Promise<CachedToken>>();

  const appJwt = () => createAppJwt(options.appId, key, options.now());

  async function mint(installationId: number): Promise<CachedToken> {
    try {
      const response = await options.octokit.request(
        'POST /app/installations/{installation_id}/access_tokens',
        { installation_id: installationId, headers: { authorization: `Bearer ${await appJwt()}` } },
      );
      const minted = {
        token: response.data.token,
        expiresAt: Date.parse(response.data.expires_at),
        permissions: { ...response.data.permissions },
      };
      cache.set(installationId, minted);
      return minted;
    } catch (error) {
      throw new GithubFailureError(classifyTokenError(error, options.now));
    }
  }

  return {
    appJwt,
    async get(installationId) {
      const cached = cache.get(installationId);
      if (cached && cached.expiresAt - REFRESH_MARGIN_MS > options.now()) return cached.token;
      let request = pending.get(installationId);
      if (!request) {
        request = mint(installationId).finally(() => pending.delete(installationId));
        pending.set(installationId, request);
      }
      return (await request).token;
    },
    permissions(installationId) {
      return cache.get(installationId)?.permissions;
    },
    invalidate(installationId, token) {
      if (cache.get(installationId)?.token === token) cache.delete(installationId);
    },
  };
}

/** Token requests fail differently from repository requests: 404 and 403 are about the installation. */
function classifyTokenError(error: unknown, now: () => number) {
  if (error instanceof RequestError && error.response) {
    const detail = githubMessage(error);
    if (error.status === 401) {
      return {
        code: 'app_credentials_invalid' as const,
        message:
          'GitHub refused stackyard’s GitHub App credentials. An administrator must check GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY.',
        retryable: false,
        status: 401,
        detail,
      };
    }
    if (error.status === 404) {
      return {
        code: 'installation_invalid' as const,
        message: 'The GitHub App installation no longer exists (it was uninstalled). Install the app again.',
        retryable: false,
        status: 404,
        detail,
      };
    }
  }
  return classifyError(error, { now });
}
