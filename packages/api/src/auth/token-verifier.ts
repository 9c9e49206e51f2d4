// The API's port for checking credentials. The implementation (JWT signature, issuer, expiry against the
// identity service's keys) lives with the identity service; the server plugs it in. The API only knows
// this shape, so it does not depend on the identity package.

/** Who a valid token speaks for. identityId is the identity service's id, which is the product's user id. */
export interface VerifiedToken {
  identityId: string;
  sessionId?: string;
  email?: string;
  /** When the token expires, in seconds since the epoch: how long its verification may be remembered. */
  expiresAt?: number;
}

/** Checks a bearer credential; throws on anything that is not valid (bad signature, expired, wrong issuer...). */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

/** The keys could not be fetched: the identity service is down, not the caller's token bad. */
export class VerifierUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the token signing keys could not be fetched', options);
    this.name = 'VerifierUnavailableError';
  }
}
