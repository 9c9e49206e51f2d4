import { sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';

// A rate limit's counts on PostgreSQL, in the table every API process shares. Writing each request's count
// at once cost two upserts a request, each committed (and so flushed to the WAL) under the lock of its key's
// one row: about a third of what the API answered per second on PostgreSQL, for counts that are nearly always
// far below their limit. So a key is counted in this process's memory while its count, as far as this process
// knows, stays under half its limit, and the counts are written, in one statement for all keys, every
// FLUSH_MS. From half its limit on, each request's count is written at once and the shared total decides, as
// every instance's counts are then in it. Another instance's counts reach this one within FLUSH_MS; counts
// not yet written when the process stops, or when their write fails, are lost, which a rate limit can bear.

export const FLUSH_MS = 250;
const KEYS_MAX = 100_000;

type Outcome = { current: number; ttl: number };
type Callback = (error: Error | null, outcome?: Outcome) => void;

interface Count {
  /** The shared total the database last answered, this process's written counts included. */
  written: number;
  /** Counted here, not yet written. */
  pending: number;
  /** When the window ends, by this process's clock (the database's answer sets it). */
  resetAt: number;
}

interface Row {
  key: string;
  count: number;
  ttl: number;
}

/**
 * Adds `counts` to their keys' rows (a spent window starts again) and answers each row's total and time left.
 */
function addCounts(db: Database, counts: Map<string, number>, windowMs: number): Promise<Row[]> {
  const added = JSON.stringify([...counts].map(([key, increment]) => ({ key, increment })));
  return db
    .execute(
      sql`
      insert into api_rate_limits (key, count, reset_at)
      select key, increment, now() + make_interval(secs => ${windowMs / 1000})
      from json_to_recordset(${added}::json) as added(key text, increment integer)
      on conflict (key) do update set
        count = case when api_rate_limits.reset_at <= now() then excluded.count
                     else api_rate_limits.count + excluded.count end,
        reset_at = case when api_rate_limits.reset_at <= now() then excluded.reset_at
                        else api_rate_limits.reset_at end
      returning key, count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl
    `,
    )
    .then((result) =>
      (result as unknown as { rows: Row[] }).rows.map((row) => ({
        key: row.key,
        count: Number(row.count),
        ttl: Math.max(0, Number(row.ttl)),
      })),
    );
}

/** A store of @fastify/rate-limit counting fixed windows in PostgreSQL, shared by every API process. */
export function sharedCountsStore(db: Database, onFlushError: (error: unknown) => void) {
  return class SharedCountsStore {
    #counts = new Map<string, Count>();
    #timer: NodeJS.Timeout | null = null;

    incr(key: string, callback: Callback, windowMs: number, max: number): void {
      const now = Date.now();
      let count = this.#counts.get(key);
      // A window that ended here ends the counts of it not yet written too.
      if (!count || count.resetAt <= now) {
        if (this.#counts.size >= KEYS_MAX) this.#forgetSpent(now);
        count = { written: 0, pending: 0, resetAt: now + windowMs };
        this.#counts.set(key, count);
      }
      const current = count.written + count.pending + 1;
      if (current * 2 < max) {
        count.pending += 1;
        this.#flushSoon(windowMs);
        callback(null, { current, ttl: count.resetAt - now });
        return;
      }
      const increment = count.pending + 1;
      count.pending = 0;
      addCounts(db, new Map([[key, increment]]), windowMs).then(
        ([row]) => {
          const total = row?.count ?? current;
          this.#learn(key, total, row?.ttl ?? windowMs);
          callback(null, { current: total, ttl: row?.ttl ?? windowMs });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): this {
      return this;
    }

    #learn(key: string, total: number, ttl: number): void {
      const count = this.#counts.get(key);
      if (!count) return;
      count.written = total;
      count.resetAt = Date.now() + ttl;
    }

    #flushSoon(windowMs: number): void {
      if (this.#timer) return;
      this.#timer = setTimeout(() => {
        this.#timer = null;
        void this.#flush(windowMs);
      }, FLUSH_MS);
      // A process stopping does not wait for the last counts.
      this.#timer.unref();
    }

    async #flush(windowMs: number): Promise<void> {
      const taken = new Map<string, number>();
      for (const [key, count] of this.#counts) {
        if (count.pending === 0) continue;
        taken.set(key, count.pending);
        count.pending = 0;
      }
      if (taken.size === 0) return;
      try {
        for (const row of await addCounts(db, taken, windowMs)) this.#learn(row.key, row.count, row.ttl);
      } catch (error) {
        // Lost, as counts are when the process stops: written again, they would retry as long as the
        // database is away.
        onFlushError(error);
      }
    }

    #forgetSpent(now: number): void {
      for (const [key, count] of this.#counts) {
        if (count.resetAt <= now && count.pending === 0) this.#counts.delete(key);
      }
      if (this.#counts.size >= KEYS_MAX) this.#counts.clear();
    }
  };
}
