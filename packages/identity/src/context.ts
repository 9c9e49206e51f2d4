import type { Database } from '@stackyard/db/client';
import type { IdentityConfig } from './config.ts';
import type { Courier } from './courier.ts';
import type { KeyStore } from './keys.ts';
import type { RateLimiter } from './rate-limit.ts';

/** What every route of the identity service works with, made once by the plugin. */
export interface IdentityContext {
  db: Database;
  config: IdentityConfig;
  keys: KeyStore;
  courier: Courier;
  limiter: RateLimiter;
  /** Costs one password verification: evens out the timing of an unknown identifier. */
  equalizeTiming(): Promise<void>;
  secureCookies: boolean;
}
