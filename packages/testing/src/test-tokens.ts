import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { identityTokenVerifier } from '@stackyard/server/token-verifier';
import type { TokenVerifier } from '@stackyard/api/auth/token-verifier';

export const TEST_ISSUER = 'http://localhost:3000/.ory';

export interface TokenOptions {
  sessionId?: string;
  email?: string;
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  issuer?: string;
  /** Sign with a key the verifier's key set does not hold. */
  unknownKey?: boolean;
}

/**
 * Signs JWTs the way the identity service does (EdDSA, kid, sub = identity id, sid, email, iss, iat, exp,
 * jti) with a key pair made for the test, and a verifier that trusts only that key.
 */
export interface TestIssuer {
  verifier: TokenVerifier;
  sign(identityId: string, options?: TokenOptions): Promise<string>;
}

async function makeKey(): Promise<{ kid: string; privateKey: CryptoKey; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
}

export async function createTestIssuer(): Promise<TestIssuer> {
  const [known, stranger] = await Promise.all([makeKey(), makeKey()]);
  // The server's own verifier over a local key set: tests check tokens exactly as production does.
  const verifier = identityTokenVerifier({
    keys: createLocalJWKSet({ keys: [known.publicJwk] }),
    issuer: TEST_ISSUER,
  });
  return {
    verifier,
    async sign(identityId, options = {}) {
      const key = options.unknownKey ? stranger : known;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        sid: options.sessionId ?? randomUUID(),
        email: options.email ?? `${identityId.slice(0, 8)}@example.test`,
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
        .setSubject(identityId)
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setIssuedAt(now - 1)
        .setNotBefore(now - 1)
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .setJti(randomUUID())
        .sign(key.privateKey);
    },
  };
}
