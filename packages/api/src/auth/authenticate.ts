import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_PREFIX, type AccessTokenScope } from '@stackyard/contracts/access-token';
import { OAUTH_ACCESS_TOKEN_PREFIX } from '@stackyard/contracts/oauth';
import { AppError } from '@stackyard/contracts/problem';
import { VerifierUnavailableError, type TokenVerifier } from './token-verifier.ts';

export const SESSION_COOKIE = 'user_jwt';

/**
 * What a token allows on top of its holder's roles: its scope and the workspaces it is limited to (null:
 * every workspace the holder belongs to). A personal access token names at most one; an OAuth grant names
 * those the user chose on the consent page.
 */
export interface TokenGrant {
  id: string;
  scope: AccessTokenScope;
  workspaceIds: readonly string[] | null;
}

/**
 * The authenticated caller. `credential` says how they proved it: the identity service's session JWT, or a
 * personal access token (hashed, for scripts and the MCP server), which carries its grant.
 */
export interface Actor {
  userId: string;
  credential: 'session_jwt' | 'personal_access_token' | 'oauth_access_token';
  sessionId?: string;
  token?: TokenGrant;
}

/** A credential as found on the request, before it is checked. */
type PresentedCredential = { kind: Actor['credential']; token: string };

/** Looks up a personal or OAuth access token; null when it is unknown, revoked or expired. */
export type AccessTokenLookup = (
  secret: string,
  kind: 'personal_access_token' | 'oauth_access_token',
) => Promise<{ userId: string; grant: TokenGrant } | null>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_SIGNED_IN = 'You are not signed in, or your session has expired. Sign in and try again.';
const TOKEN_REFUSED =
  'This access token is not valid: it may have been revoked or have expired. Create a new one in Settings → Access tokens.';

/** The bearer token wins over the cookie: a script that sends one means it. */
export function presentedCredential(request: FastifyRequest): PresentedCredential | null {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    // A malformed Authorization header is refused rather than silently falling back to the cookie.
    if (!match?.[1]) return { kind: 'session_jwt', token: '' };
    const kind = match[1].startsWith(ACCESS_TOKEN_PREFIX)
      ? 'personal_access_token'
      : match[1].startsWith(OAUTH_ACCESS_TOKEN_PREFIX)
        ? 'oauth_access_token'
        : 'session_jwt';
    return { kind, token: match[1] };
  }
  const token = readCookie(request.headers.cookie, SESSION_COOKIE);
  return token ? { kind: 'session_jwt', token } : null;
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

export async function authenticate(
  request: FastifyRequest,
  verifier: TokenVerifier,
  accessTokens: AccessTokenLookup,
): Promise<Actor> {
  const credential = presentedCredential(request);
  if (!credential?.token) throw new AppError('unauthenticated', NOT_SIGNED_IN);
  if (credential.kind !== 'session_jwt') {
    const found = await accessTokens(credential.token, credential.kind);
    if (!found) throw new AppError('unauthenticated', TOKEN_REFUSED);
    return { userId: found.userId, credential: credential.kind, token: found.grant };
  }
  try {
    const verified = await verifier.verify(credential.token);
    // Whatever verifier is plugged in, the id keys uuid columns: anything else must be a 401, not a SQL error.
    if (!UUID.test(verified.identityId)) throw new Error('the identity id is not a uuid');
    const actor: Actor = { userId: verified.identityId.toLowerCase(), credential: 'session_jwt' };
    if (verified.sessionId) actor.sessionId = verified.sessionId;
    return actor;
  } catch (error) {
    if (error instanceof VerifierUnavailableError) {
      throw new AppError('unavailable', 'Signing in is not available right now. Try again in a moment.', {
        cause: error,
      });
    }
    // Why a token failed helps an operator, never the caller.
    request.log.info({ err: error }, 'credential refused');
    throw new AppError('unauthenticated', NOT_SIGNED_IN, { cause: error });
  }
}
