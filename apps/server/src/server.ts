import type { FastifyInstance } from 'fastify';
import { createDb, type DbHandle } from '@stackyard/db/client';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: DbHandle;
  url: string;
  /** Stops accepting, drains in-flight requests (up to SHUTDOWN_TIMEOUT_MS), then flushes and closes the database. */
  stop(): Promise<void>;
}

/** Opens (and locks) the database, migrates it, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
  });
  let app: FastifyInstance | undefined;
  try {
    await db.migrate();
    app = await buildApp(config, { db });
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await app?.close();
    await db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = ['0.0.0.0', '::'].includes(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  const running = app;
  let stopping: Promise<void> | null = null;
  return {
    app: running,
    db,
    url: `http://${host}:${port}`,
    stop: () =>
      (stopping ??= (async () => {
        try {
          await withTimeout(running.close(), config.SHUTDOWN_TIMEOUT_MS);
        } catch (error) {
          running.log.warn({ err: error }, 'requests still running at shutdown were cut off');
          running.server.closeAllConnections();
        } finally {
          await db.close();
        }
      })()),
  };
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
