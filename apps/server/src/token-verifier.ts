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
