import type { Executor } from '../db.ts';

/**
 * The API's port to the identity service's accounts, as TokenVerifier is for credentials: the server plugs
 * in the identity package's implementation, so the API never imports it. In the default deployment the
 * identity service shares the product's database, so both calls take the caller's transaction: an
 * account's product data and its identity are deleted together or not at all.
 */
export interface IdentityAccounts {
  /** The identity's e-mail address; null when the identity service holds no such identity. */
  email(db: Executor, identityId: string): Promise<string | null>;
  /** Deletes the identity and its sessions; the JWTs minted for those sessions stop working as after a logout. */
  remove(db: Executor, identityId: string): Promise<void>;
}
