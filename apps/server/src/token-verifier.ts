import {
  VerifierUnavailableError,
  type TokenVerifier,
  type VerifiedToken,
} from '@stackyard/api/auth/token-verifier';
import {
  createTokenVerifier,
  KeysUnavailableError,
  type TokenVerifierOptions,
} from '@stackyard/identity/verify-token';
import type { RevokedSessions } from '@stackyard/identity/revoked-sessions';

/**
 * The identity service's verifier behind the product API's TokenVerifier port. The server composes the
 * two so that the API never imports the identity package. Whether the subject is a uuid is the API's
 * rule (its ids key uuid columns), checked in its authenticate(), not here.
 */
export function identityTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const verify = createTokenVerifier(options);
  return {
    async verify(token) {
      let claims;
      try {
        claims = await verify(token);
      } catch (error) {
        // The API answers 503 for this one and 401 for anything else.
        if (error instanceof KeysUnavailableError) throw new VerifierUnavailableError({ cause: error });
        throw error;
      }
      const verified: VerifiedToken = { identityId: claims.sub };
      if (claims.sid !== undefined) verified.sessionId = claims.sid;
      if (claims.email !== undefined) verified.email = claims.email;
      if (typeof claims.claims.exp === 'number') verified.expiresAt = claims.claims.exp;
      return verified;
    },
  };
}

/** Refuses the tokens of a session that has ended, whatever verifier checked the signature. */
export function withRevocation(verifier: TokenVerifier, revoked: RevokedSessions): TokenVerifier {
  return {
    async verify(token) {
      const verified = await verifier.verify(token);
      if (verified.sessionId !== undefined && revoked.has(verified.sessionId))
        throw new Error('the session of this token has ended');
      return verified;
    },
  };
}

// Enough for every signed-in user of a large instance; past it the oldest verification is forgotten.
const CACHED_TOKENS_MAX = 10_000;

/**
 * Remembers each valid token's verification until the token expires, keyed by the token itself: a
 * signature check costs more than the query that follows it, and a token's claims cannot change. Only
 * successes are kept, so a bad token is checked (and refused) every time. Revocation is not cached: wrap
 * this in withRevocation(), which asks on every call.
 */
export function withTokenCache(verifier: TokenVerifier, maxEntries = CACHED_TOKENS_MAX): TokenVerifier {
  const verified = new Map<string, VerifiedToken & { expiresAt: number }>();
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAt * 1000 > Date.now()) return known;
      if (known) verified.delete(token);
      const fresh = await verifier.verify(token);
      if (fresh.expiresAt === undefined) return fresh;
      if (verified.size >= maxEntries) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, { ...fresh, expiresAt: fresh.expiresAt });
      return fresh;
    },
  };
}
