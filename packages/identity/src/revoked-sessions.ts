import { sql } from 'drizzle-orm';
import type { Database } from '@stackyard/db/client';

// A JWT is checked by its signature alone, so one minted before its session ended (logout, "Sign Out All
// Devices", a password reset, a deleted account) would work until it expires. Each API process keeps the
// ids of the sessions ended within a token's lifetime in memory, read again from the database every couple
// of seconds: a request costs a set lookup, and every process sees a logout made through any other.

export interface RevokedSessions {
  /** Whether the session ended (as of the last refresh, at most refreshMs ago). */
  has(sessionId: string): boolean;
  /** Loads the list now; the first call also starts the periodic refresh. */
  start(): Promise<void>;
  stop(): void;
}

export interface RevokedSessionsOptions {
  /** How far back to look: the longest a token lives, plus the clock skew allowed between processes. */
  windowSeconds: number;
  refreshMs?: number;
  onError?: (error: unknown) => void;
}

export const REVOCATION_REFRESH_MS = 2000;

export function createRevokedSessions(db: Database, options: RevokedSessionsOptions): RevokedSessions {
  let revoked = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const refresh = async () => {
    // Served by the partial index identity_sessions_revoked_idx: only ended sessions are in it.
    const result = (await db.execute(sql`
      select id from identity_sessions
      where active = false and updated_at > now() - make_interval(secs => ${options.windowSeconds})
      union all
      select session_id from identity_deleted_sessions
      where ended_at > now() - make_interval(secs => ${options.windowSeconds})
    `)) as { rows: Array<{ id: string }> };
    revoked = new Set(result.rows.map((row) => row.id));
  };
  let refreshing = false;
  const refreshQuietly = () => {
    // A slow database must not pile refreshes up.
    if (refreshing) return;
    refreshing = true;
    refresh()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        refreshing = false;
      });
  };
  return {
    has: (sessionId) => revoked.has(sessionId.toLowerCase()),
    async start() {
      try {
        await refresh();
      } catch (error) {
        options.onError?.(error);
      }
      if (timer) return;
      timer = setInterval(refreshQuietly, options.refreshMs ?? REVOCATION_REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
