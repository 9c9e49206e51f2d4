import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createDb, type DbHandle } from '@stackyard/db/client';
import { listenUrl, type Config } from './config.ts';
import { trimWhenIdle } from './idle-trim.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: DbHandle;
  url: string;
  /** Stops accepting, drains in-flight requests (up to SHUTDOWN_TIMEOUT_MS), then flushes and closes the database. */
  stop(): Promise<void>;
}

/** Opens (and locks) the database, migrates it, and listens. PORT=0 listens on a free port. */
export async function startServer(given: Config): Promise<RunningServer> {
  // The public URL (the identity service's JWT issuer and JWKS address) derives from the port, so a free
  // port is chosen before the app is built rather than by listen().
  const config = given.PORT === 0 ? { ...given, PORT: await freePort(given.HOST) } : given;
  // Loading the app's modules is most of the main thread's start-up; the embedded database opens on a thread of
  // its own (PostgreSQL's pool connects over the network), so the two overlap rather than run one after the
  // other. The modules load once the database has been asked to open: loading them holds this thread, and
  // with it that request, for as long.
  let asked = () => {};
  const opening = new Promise<void>((resolve) => (asked = resolve));
  const creating = createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    onOpening: asked,
  });
  const [opened, loaded] = await Promise.allSettled([
    creating,
    Promise.race([opening, creating.catch(() => undefined)]).then(() => import('./app.ts')),
  ]);
  if (opened.status === 'rejected') throw opened.reason;
  const db = opened.value;
  let app: FastifyInstance | undefined;
  try {
    if (loaded.status === 'rejected') throw loaded.reason;
    const { buildApp } = loaded.value;
    await db.migrate();
    app = await buildApp(config, { db });
    trimWhenIdle(app);
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await app?.close();
    await db.close();
    throw error;
  }
  const running = app;
  let stopping: Promise<void> | null = null;
  return {
    app: running,
    db,
    url: listenUrl(config),
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

async function freePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error(`no free port on ${host}`);
  return address.port;
}
