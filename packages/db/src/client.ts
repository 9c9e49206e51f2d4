import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { PgliteThread } from './pglite-thread.ts';
import { keepTemplate, keptTemplate } from './pglite-template.ts';
import type { SQL } from 'drizzle-orm';
import type * as schema from './schema.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { maintainPglite, type MaintenanceOptions, type MaintenanceReport } from './pglite-maintenance.ts';
import { AbandonedQueryError, wantedSignal } from './wanted.ts';
import { listenOn } from './listen.ts';

export type Schema = typeof schema;
/** A Drizzle client; the same type whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbConfig {
  /** postgres://… — when set, a real PostgreSQL server is used and dataDir is ignored. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /** node-postgres pool size. */
  poolMax?: number | undefined;
  /** In-memory PGlite only: start from this data directory tarball instead of a new, empty cluster. */
  pgliteSnapshot?: Blob | undefined;
  /**
   * Called once the database has been asked to open, before it is open: PGlite's thread has been told what to
   * open (PostgreSQL: at once, before its driver's modules load). Work that keeps the main thread busy, such as loading modules, is best
   * started then, or it holds that request back.
   */
  onOpening?: () => void;
}

export interface DbHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Where the data lives, for logs: the data directory or the server's host/database (no password). */
  location: string;
  migrate(): Promise<void>;
  /** Runs raw SQL and answers its rows, the same shape on both engines. */
  rows<T>(query: SQL): Promise<T[]>;
  ping(): Promise<void>;
  /** Flushes and closes. Idempotent. */
  close(): Promise<void>;
  /**
   * PostgreSQL only: calls onNotify with the payload of every notification on the channel, on a connection of
   * its own, until the answered function is called. PGlite has no other process to hear from.
   */
  listen?: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (a snapshot to start other databases from). */
  dumpPglite?: () => Promise<Blob>;
  /**
   * PGlite only: the vacuum, analyze and checkpoint a PostgreSQL server's background processes would have done
   * by now (pglite-maintenance.ts). The server runs it every minute.
   */
  maintain?: (options?: MaintenanceOptions) => Promise<MaintenanceReport>;
}

export const MEMORY = 'memory://';
const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
// Any fixed number: every process that migrates one PostgreSQL takes this advisory lock first.
const MIGRATION_LOCK_KEY = 7_317_001;

export async function createDb(config: DbConfig): Promise<DbHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.poolMax, config.onOpening)
    : openPglite(config.dataDir, config.pgliteSnapshot, config.onOpening);
}

// Each engine's modules load only when it is used: a PostgreSQL deployment never loads PGlite's WebAssembly.
const loadPgliteDriver = () =>
  Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./schema.ts'),
    import('./repeatable.ts'),
  ]);

async function openPglite(
  dataDir: string,
  snapshot: Blob | undefined,
  onOpening = () => {},
): Promise<DbHandle> {
  const inMemory = dataDir === MEMORY;
  const snapshotBytes = inMemory && snapshot ? await snapshot.arrayBuffer() : undefined;
  const lock = inMemory ? null : await acquireDataDirLock(dataDir);
  let client: PgliteThread;
  let driver: ReturnType<typeof loadPgliteDriver>;
  // A new data directory made by initdb here: once migrated, a copy is kept for the next new one.
  let madeByInitdb = false;
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    const fresh = !inMemory && !existsSync(join(dataDir, 'PG_VERSION'));
    const first = PgliteThread.start({
      dataDir,
      snapshot: snapshotBytes,
      copyFrom: fresh ? (keptTemplate() ?? undefined) : undefined,
    });
    // The driver's modules load while the database opens: its thread needs none of them.
    driver = loadPgliteDriver();
    onOpening();
    driver.catch(() => undefined);
    client = await first;
    if (fresh && !client.copiedTemplate) {
      // A new cluster is made by initdb, and what it leaves in the thread's memory stays there for good
      // (about 200 MB of idle RSS): the thread that made it ends, and a fresh one opens the cluster.
      await client.close(true);
      madeByInitdb = true;
      client = await PgliteThread.start({ dataDir });
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  const opened = client;
  // An installation without the driver fails here, once the thread is open: it closes, the lock goes.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }, schema, { applyRepeatable }] =
    await driver.catch(async (error: unknown) => {
      await opened.close(false);
      lock?.release();
      throw error;
    });
  // The thread's client has the part of PGlite's interface Drizzle's driver calls (query, transaction), but
  // not the class's private members, which the driver's parameter type names.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  let closed: Promise<void> | null = null;
  return {
    db,
    driver: 'pglite',
    location: inMemory ? 'memory' : dataDir,
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await applyRepeatable(db);
      if (!madeByInitdb) return;
      madeByInitdb = false;
      // Copied now, before anything but the migrations is written: no data of this directory reaches another.
      await client.query('CHECKPOINT');
      keepTemplate(dataDir);
    },
    rows: (query) => rowsOf(db, query),
    ping: async () => {
      await client.query('select 1');
    },
    dumpPglite: () => client.dumpDataDir(),
    maintain: (options) => maintainPglite(client, options),
    close: () =>
      (closed ??= (async () => {
        try {
          await client.close(!inMemory);
        } finally {
          lock?.release();
        }
      })()),
  };
}

async function openPostgres(databaseUrl: string, poolMax = 10, onOpening = () => {}): Promise<DbHandle> {
  // No thread waits for a message here: what the caller loads next loads beside the driver's modules.
  onOpening();
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, schema, { applyRepeatable }] =
    await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
      import('./schema.ts'),
      import('./repeatable.ts'),
    ]);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  skipAbandonedReads(pool);
  const db = drizzlePg(pool, { schema });
  let closed: Promise<void> | null = null;
  return {
    db,
    driver: 'postgres',
    location: describeUrl(databaseUrl),
    migrate: async () => {
      // Several app processes may start at once against one server: migrate one at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzlePg(client, { schema });
          await migratePg(locked, { migrationsFolder });
          await applyRepeatable(locked);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    rows: (query) => rowsOf(db, query),
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onNotify) => listenOn(pg.Client, databaseUrl, channel, onNotify),
    close: () => (closed ??= pool.end()),
  };
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers answer an object with `rows`; Drizzle's shared type does not say so.
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'postgres';
  }
}

type SendQuery = (...args: unknown[]) => Promise<unknown>;

/**
 * A read whose client has gone away (wanted.ts) is not sent to PostgreSQL either: with every connection busy,
 * its query waits in the pool's queue, and the palette may have superseded it by the time a connection is
 * free. Otherwise as the pool's own query: a connection is taken, used and given back (dropped after an error).
 */
function skipAbandonedReads(pool: Pool): void {
  const send = pool.query.bind(pool) as SendQuery;
  pool.query = ((...args: unknown[]) => {
    const signal = wantedSignal();
    if (!signal || typeof args.at(-1) === 'function') return send(...args);
    return (async () => {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        if (signal.aborted) throw new AbandonedQueryError();
        return await (client.query as SendQuery).apply(client, args);
      } catch (error) {
        if (!(error instanceof AbandonedQueryError)) failure = error as Error;
        throw error;
      } finally {
        client.release(failure);
      }
    })();
  }) as Pool['query'];
}
