import { createHash, randomBytes } from 'node:crypto';
import type { AccessTokenScope } from '@stackyard/contracts/access-token';
import { OAUTH_ACCESS_TOKEN_PREFIX, OAUTH_REFRESH_TOKEN_PREFIX } from '@stackyard/contracts/oauth';
import type { Database } from '@stackyard/db/client';
import type { TokenGrant } from '../auth/authenticate.ts';
import { inTransaction } from '../db.ts';
import { redirectUriMatches } from './oauth-clients.ts';
import { OAuthError } from './oauth-error.ts';
import {
  consumeCode,
  grantOfSpentCode,
  findLiveAccessToken,
  grantOfToken,
  insertAuthorization,
  insertGrant,
  insertTokens,
  linkGrant,
  revokeGrant,
  spendRefreshToken,
  touchGrant,
  type OAuthClientRow,
  type OAuthGrantRow,
} from './oauth.repo.ts';

export const ACCESS_TOKEN_TTL_S = 60 * 60;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the user has to decide on the consent page. */
export const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;
/** How long the client has to exchange the code once the user allowed. */
export const CODE_TTL_MS = 60 * 1000;
const LAST_USE_PRECISION_MS = 60_000;

const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function newSecret(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** The scope a client asked for: read_write when it names it, else read (unknown names are ignored). */
export function requestedScope(scope: string | undefined): AccessTokenScope {
  const names = (scope ?? '').split(' ');
  return names.includes('read_write') ? 'read_write' : 'read';
}

export interface AuthorizationRequest {
  client: OAuthClientRow;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
  responseType: string | undefined;
  resource: string | undefined;
  scope: string | undefined;
}

/**
 * Checks what can only be told to the client through its redirect URI (the caller has checked the client
 * and the URI) and records the request for the consent page; answers the authorization's id.
 */
export async function startAuthorization(
  db: Database,
  request: AuthorizationRequest,
  ownResource: string,
): Promise<string> {
  if (request.responseType !== 'code') {
    throw new OAuthError('unsupported_response_type', 'response_type must be code');
  }
  if (!request.codeChallenge || request.codeChallengeMethod !== 'S256') {
    throw new OAuthError(
      'invalid_request',
      'PKCE is required: send code_challenge with code_challenge_method=S256',
    );
  }
  if (!PKCE_CHALLENGE.test(request.codeChallenge)) {
    throw new OAuthError('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  }
  if (request.resource !== undefined && request.resource !== ownResource) {
    throw new OAuthError('invalid_target', `resource must be ${ownResource}`);
  }
  const row = await insertAuthorization(db, {
    clientId: request.client.id,
    redirectUri: request.redirectUri,
    state: request.state ?? null,
    codeChallenge: request.codeChallenge,
    resource: ownResource,
    requestedScope: requestedScope(request.scope),
    expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
  });
  return row.id;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: AccessTokenScope;
}

async function issueTokens(db: Database, grant: OAuthGrantRow): Promise<TokenResponse> {
  const accessToken = newSecret(OAUTH_ACCESS_TOKEN_PREFIX);
  const refreshToken = newSecret(OAUTH_REFRESH_TOKEN_PREFIX);
  await insertTokens(db, [
    {
      grantId: grant.id,
      kind: 'access',
      tokenHash: sha256(accessToken),
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000),
    },
    {
      grantId: grant.id,
      kind: 'refresh',
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    },
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refreshToken,
    scope: grant.scope,
  };
}

function required(form: Record<string, string | undefined>, name: string): string {
  const value = form[name];
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/** The token endpoint: an authorization code (with its PKCE verifier) or a refresh token, for tokens. */
export async function exchange(
  db: Database,
  form: Record<string, string | undefined>,
): Promise<TokenResponse> {
  const grantType = required(form, 'grant_type');
  if (grantType === 'authorization_code') return exchangeCode(db, form);
  if (grantType === 'refresh_token') return refresh(db, form);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

async function exchangeCode(db: Database, form: Record<string, string | undefined>): Promise<TokenResponse> {
  const code = required(form, 'code');
  const clientId = required(form, 'client_id');
  const verifier = required(form, 'code_verifier');
  if (!PKCE_VERIFIER.test(verifier)) {
    throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
  }
  // Spent before anything is checked, and kept spent whatever follows: a code gets one try.
  const codeHash = sha256(code);
  const found = await consumeCode(db, codeHash);
  if (!found) {
    // A code presented again after its exchange may have been stolen: the tokens it gave stop working.
    const grantId = await grantOfSpentCode(db, codeHash);
    if (grantId) await revokeGrant(db, grantId);
    throw new OAuthError('invalid_grant', 'The code is unknown, expired or already used');
  }
  const { authorization, client } = found;
  const { userId, scope, workspaceIds } = authorization;
  // consumeCode() finds allowed authorizations only, which have all three.
  if (!userId || !scope || !workspaceIds) throw new OAuthError('invalid_grant', 'The code was not allowed');
  if (client.clientId !== clientId)
    throw new OAuthError('invalid_grant', 'The code was issued to another client');
  if (form.redirect_uri !== undefined && form.redirect_uri !== authorization.redirectUri) {
    throw new OAuthError('invalid_grant', 'redirect_uri is not the one of the authorization request');
  }
  if (!redirectUriMatches(client.redirectUris, authorization.redirectUri)) {
    throw new OAuthError('invalid_grant', "The redirect URI is no longer one of the client's");
  }
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  if (challenge !== authorization.codeChallenge) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  }
  if (form.resource !== undefined && form.resource !== authorization.resource) {
    throw new OAuthError('invalid_target', `resource must be ${authorization.resource}`);
  }
  return inTransaction(db, async (tx) => {
    const grant = await insertGrant(tx, {
      userId,
      clientId: client.id,
      scope,
      workspaceIds,
      resource: authorization.resource,
    });
    await linkGrant(tx, authorization.id, grant.id);
    return issueTokens(tx, grant);
  });
}

async function refresh(db: Database, form: Record<string, string | undefined>): Promise<TokenResponse> {
  const token = required(form, 'refresh_token');
  const clientId = required(form, 'client_id');
  const outcome = await inTransaction(db, async (tx) => {
    // A scope sent along is not looked at: the new tokens carry the grant's scope, which the user chose.
    const spent = await spendRefreshToken(tx, sha256(token));
    // A refresh token is used once: a second use means it leaked, so nothing of that grant may work on.
    if (spent.kind === 'reused') await revokeGrant(tx, spent.grantId);
    if (spent.kind !== 'fresh') return null;
    if (spent.client.clientId !== clientId) {
      throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
    }
    if (form.resource !== undefined && form.resource !== spent.grant.resource) {
      throw new OAuthError('invalid_target', `resource must be ${spent.grant.resource}`);
    }
    return issueTokens(tx, spent.grant);
  });
  if (!outcome) {
    throw new OAuthError('invalid_grant', 'The refresh token is unknown, expired, revoked or already used');
  }
  return outcome;
}

/** Revocation (RFC 7009): revoking either token of a grant ends the grant. Unknown tokens are no error. */
export async function revokeToken(db: Database, token: string): Promise<void> {
  const grantId = await grantOfToken(db, sha256(token));
  if (grantId) await revokeGrant(db, grantId);
}

/**
 * Who an OAuth access token speaks for, or null when it is unknown, expired, revoked, or was issued for
 * another resource than `audience` (checked on every call, so a revocation works on the next one).
 */
export async function verifyOAuthAccessToken(
  db: Database,
  secret: string,
  audience: string,
): Promise<{ userId: string; grant: TokenGrant } | null> {
  const grant = await findLiveAccessToken(db, sha256(secret));
  if (!grant || grant.resource !== audience) return null;
  if (!grant.lastUsedAt || Date.now() - grant.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    await touchGrant(db, grant.id);
  }
  return {
    userId: grant.userId,
    grant: { id: grant.id, scope: grant.scope, workspaceIds: grant.workspaceIds },
  };
}
