import type { FastifyRequest } from 'fastify';
import { AppError } from '@stackyard/contracts/problem';
import { VerifierUnavailableError, type TokenVerifier } from './token-verifier.ts';

export const SESSION_COOKIE = 'user_jwt';

/**
 * The authenticated caller. `credential` says how they proved it: the identity service's session JWT
 * today; personal access tokens (hashed, for scripts and the MCP server) will be a second kind.
 */
export interface Actor {
  userId: string;
  credential: 'session_jwt';
  sessionId?: string;
}

/** A credential as found on the request, before it is checked. */
type PresentedCredential = { kind: 'session_jwt'; token: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_SIGNED_IN = 'You are not signed in, or your session has expired. Sign in and try again.';

/** The bearer token wins over the cookie: a script that sends one means it. */
export function presentedCredential(request: FastifyRequest): PresentedCredential | null {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    // A malformed Authorization header is refused rather than silently falling back to the cookie.
    return match?.[1] ? { kind: 'session_jwt', token: match[1] } : { kind: 'session_jwt', token: '' };
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

export async function authenticate(request: FastifyRequest, verifier: TokenVerifier): Promise<Actor> {
  const credential = presentedCredential(request);
  if (!credential?.token) throw new AppError('unauthenticated', NOT_SIGNED_IN);
  try {
    const verified = await verifier.verify(credential.token);
    // Whatever verifier is plugged in, the id keys uuid columns: anything else must be a 401, not a SQL error.
    if (!UUID.test(verified.identityId)) throw new Error('the identity id is not a uuid');
    const actor: Actor = { userId: verified.identityId.toLowerCase(), credential: credential.kind };
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
