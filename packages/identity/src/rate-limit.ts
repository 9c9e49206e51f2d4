import { sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';
import type { RateLimitConfig } from './config.ts';
import { errors } from './errors.ts';

// Fixed windows counted in the database, so every process on one database shares the counts. A client
// over its limit learns when to come back (Retry-After) and no password is checked meanwhile.

export interface RateLimiter {
  /** Counts one submission for each key; throws 429 once any of them is over its limit. */
  consume(keys: Array<{ key: string; limit: number }>): Promise<void>;
}

export function createRateLimiter(db: Database, config: RateLimitConfig): RateLimiter {
  return {
    async consume(keys) {
      let retryAfter = 0;
      for (const { key, limit } of keys) {
        const result = (await db.execute(sql`
          insert into identity_rate_limits (key, count, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${config.windowSeconds}))
          on conflict (key) do update set
            count = case when identity_rate_limits.reset_at <= now() then 1 else identity_rate_limits.count + 1 end,
            reset_at = case when identity_rate_limits.reset_at <= now() then excluded.reset_at
                            else identity_rate_limits.reset_at end
          returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after
        `)) as { rows: Array<{ count: number; retry_after: number }> };
        const row = result.rows[0];
        if (row && row.count > limit) retryAfter = Math.max(retryAfter, Math.max(1, Number(row.retry_after)));
      }
      if (retryAfter > 0) throw errors.rateLimited(retryAfter);
    },
  };
}

/** The keys of one submission: the client IP, and the identifier when there is one. */
export function submissionKeys(
  config: RateLimitConfig,
  action: string,
  ip: string,
  identifier?: string,
): Array<{ key: string; limit: number }> {
  const keys = [{ key: `${action}:ip:${ip}`, limit: config.perIp }];
  if (identifier)
    keys.push({ key: `${action}:id:${identifier.trim().toLowerCase()}`, limit: config.perIdentifier });
  return keys;
}
