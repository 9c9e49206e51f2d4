import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

// The one verifier of the identity service's JWTs (the `tokenized` JWT of whoami) that the product API
// uses. It works against this identity service or a real Ory Kratos alike: only the JWKS URL and the
// issuer are needed. Remote keys are fetched once, cached, and fetched again when a token names a kid the
// cache does not know (after a key rotation).

interface CommonOptions {
  /** Only these algorithms are accepted; `none` and symmetric ones never are. */
  algorithms?: Array<'EdDSA' | 'ES256'>;
  /** Allowed clock skew in seconds between the identity service and this process (default 5). */
  clockToleranceSeconds?: number;
}

export interface RemoteKeysOptions extends CommonOptions {
  /** e.g. http://localhost:3000/.ory/.well-known/jwks.json */
  jwksUrl: string;
  /** The `iss` the tokens must carry: the identity service's public URL. */
  issuer: string;
  /** Minimum time between two JWKS fetches caused by unknown kids (default 30 s). */
  refetchCooldownMs?: number;
  /** How long one JWKS fetch may take before the keys count as unavailable (default 5 s). */
  fetchTimeoutMs?: number;
}

export interface GivenKeysOptions extends CommonOptions {
  /** The public keys, e.g. jose's createLocalJWKSet in tests. */
  keys: JWTVerifyGetKey;
  /** When set, tokens of any other issuer are refused. */
  issuer?: string | undefined;
}

export type TokenVerifierOptions = RemoteKeysOptions | GivenKeysOptions;

export interface VerifiedToken {
  /** The identity id. */
  sub: string;
  sid: string | undefined;
  email: string | undefined;
  claims: JWTPayload;
}

/** The token is not valid: bad signature, expired, wrong issuer, unknown key, malformed... */
export class InvalidTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

/** The signing keys could not be fetched: the identity service is down or broken, not the token bad. */
export class KeysUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the token signing keys could not be fetched', options);
    this.name = 'KeysUnavailableError';
  }
}

// Only asymmetric algorithms: a verifier that accepted HS256 could be fed a token signed with the public key.
const ALGORITHMS: Array<'EdDSA' | 'ES256'> = ['EdDSA', 'ES256'];

// jose throws a bare JOSEError (no subclass) only when the JWKS response is not a 200 or not JSON, a
// timeout as JWKSTimeout, a key set it cannot use as JWKSInvalid; a network failure is no JOSEError at
// all. None of these is the caller's fault, and a caller told "invalid" would sign out for nothing.
function keysUnavailable(error: unknown): boolean {
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    !(error instanceof errors.JOSEError) ||
    error.constructor === errors.JOSEError
  );
}

function keysOf(options: TokenVerifierOptions): JWTVerifyGetKey {
  if ('keys' in options) return options.keys;
  // Made with the first token, not with the app: making one builds a `Headers`, and the first use of that
  // global loads undici (some 15 ms of start-up).
  let remote: JWTVerifyGetKey | undefined;
  return (header, token) =>
    (remote ??= createRemoteJWKSet(new URL(options.jwksUrl), {
      // At most one fetch per cooldown, however many tokens with unknown kids arrive: no amplification.
      cooldownDuration: options.refetchCooldownMs ?? 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: options.fetchTimeoutMs ?? 5_000,
    }))(header, token);
}

export function createTokenVerifier(
  options: TokenVerifierOptions,
): (token: string) => Promise<VerifiedToken> {
  const keys = keysOf(options);
  const algorithms = options.algorithms ?? ALGORITHMS;
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms,
        clockTolerance: options.clockToleranceSeconds ?? 5,
        requiredClaims: ['sub', 'exp', 'iat'],
        ...(options.issuer ? { issuer: options.issuer } : {}),
      }));
    } catch (error) {
      if (keysUnavailable(error)) throw new KeysUnavailableError({ cause: error });
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token', { cause: error });
    }
    if (typeof payload.sub !== 'string') throw new InvalidTokenError('the token has no subject');
    return {
      sub: payload.sub,
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      claims: payload,
    };
  };
}
