import { sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';
import type { RateLimitConfig } from './config.ts';
import { errors, IdentityError } from './errors.ts';

// Fixed windows counted in one table of the database (one upsert per key), so every process on the
// database shares the counts; spent windows are swept with the expired flows. A client over its limit
// learns when to come back (Retry-After) and no password is checked meanwhile.

type Key = { key: string; limit: number };

export interface RateLimiter {
  /** Counts one submission for each key; throws 429 once any of them is over its limit. */
  consume(keys: Key[]): Promise<void>;
  /** Takes back one submission counted by consume(). */
  refund(keys: Key[]): Promise<void>;
  /** Counts one without limiting (a failure to slow down after). */
  count(key: string): Promise<void>;
  /** The count of the key's current window. */
  current(key: string): Promise<number>;
}

export function createRateLimiter(db: Database, config: RateLimitConfig): RateLimiter {
  const increment = async (key: string) => {
    const result = (await db.execute(sql`
      insert into identity_rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${config.windowSeconds}))
      on conflict (key) do update set
        count = case when identity_rate_limits.reset_at <= now() then 1 else identity_rate_limits.count + 1 end,
        reset_at = case when identity_rate_limits.reset_at <= now() then excluded.reset_at
                        else identity_rate_limits.reset_at end
      returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after
    `)) as { rows: Array<{ count: number; retry_after: number }> };
    return result.rows[0];
  };
  return {
    async consume(keys) {
      let retryAfter = 0;
      for (const { key, limit } of keys) {
        const row = await increment(key);
        if (row && row.count > limit) retryAfter = Math.max(retryAfter, Math.max(1, Number(row.retry_after)));
      }
      if (retryAfter > 0) throw errors.rateLimited(retryAfter);
    },
    async refund(keys) {
      for (const { key } of keys) {
        await db.execute(sql`
          update identity_rate_limits set count = greatest(count - 1, 0)
          where key = ${key} and reset_at > now()
        `);
      }
    },
    async count(key) {
      await increment(key);
    },
    async current(key) {
      const result = (await db.execute(sql`
        select count from identity_rate_limits where key = ${key} and reset_at > now()
      `)) as { rows: Array<{ count: number }> };
      return Number(result.rows[0]?.count ?? 0);
    },
  };
}

/** The keys of one submission: the client IP, and the identifier when there is one. */
export function submissionKeys(
  config: RateLimitConfig,
  action: string,
  ip: string,
  identifier?: string,
): Key[] {
  const keys = [{ key: `${action}:ip:${ip}`, limit: config.perIp }];
  if (identifier)
    keys.push({ key: `${action}:id:${identifier.trim().toLowerCase()}`, limit: config.perIdentifier });
  return keys;
}

export interface LoginAttempt {
  /** The password was right: the attempt was no guess, so it is not counted against the client. */
  succeeded(): Promise<void>;
  /** The password was wrong (or the account unknown): it counts towards slowing the identifier down. */
  failed(): Promise<void>;
}

const BASE_DELAY_MS = 250;

/**
 * Admits one password login, or throws 429. Policy (docs/operations.md, "Rate limits"):
 * - a client IP for one identifier may fail a limited number of times per window (`perIdentifier`);
 * - a client IP may fail a limited number of times per window across all identifiers (`perIp`), which
 *   bounds credential stuffing from one address. Past it, the address is refused for every account except
 *   those that signed in from it before (`signedInFromHere`): a shared NAT or proxy under attack does not
 *   lock out its regular users, whose own per-identifier budget still applies, while a stuffer gets no
 *   guess at the accounts it has never been able to open;
 * - attempts are counted before the check (so a parallel burst cannot slip past) and given back when the
 *   password is right, so only failures count and a client that has not failed is never refused;
 * - failures for one identifier from all clients never refuse anyone (that would let a stranger lock the
 *   owner out): past `slowdownAfter` each login for it waits, doubling per failure up to `maxDelayMs`,
 *   before the password is checked, which slows a guesser spread over many addresses.
 */
export async function admitLogin(
  limiter: RateLimiter,
  config: RateLimitConfig,
  ip: string,
  identifier: string,
  signedInFromHere: () => Promise<boolean>,
): Promise<LoginAttempt> {
  const id = identifier.trim().toLowerCase();
  const accountKey: Key = { key: `login-failed:id-ip:${id}:${ip}`, limit: config.perIdentifier };
  const addressKey: Key = { key: `login-failed:ip:${ip}`, limit: config.perIp };
  await limiter.consume([accountKey]);
  try {
    await limiter.consume([addressKey]);
  } catch (error) {
    if (!isRateLimited(error) || !(await signedInFromHere())) throw error;
  }
  const failures = await limiter.current(`login-failed:id:${id}`);
  const over = failures - (config.slowdownAfter ?? config.perIdentifier);
  if (over >= 0) {
    const delay = Math.min(config.maxDelayMs ?? 4000, BASE_DELAY_MS * 2 ** Math.min(over, 16));
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  return {
    succeeded: () => limiter.refund([accountKey, addressKey]),
    failed: () => limiter.count(`login-failed:id:${id}`),
  };
}

function isRateLimited(error: unknown): boolean {
  return error instanceof IdentityError && error.code === 429;
}
