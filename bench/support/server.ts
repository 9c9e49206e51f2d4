// The real server a benchmark times: buildApp on the benchmark's database, a temporary web directory, session
// tokens from a test issuer, listening on 127.0.0.1 (a free port). By default it logs warnings only; a
// benchmark that compares the API with a baseline asks for production's settings instead.
import type { DbHandle } from '@stackyard/db/client';
import { buildApp, type AppDeps } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { tempDir } from '@stackyard/testing/processes';
import { createTestIssuer, type TestIssuer } from '@stackyard/testing/test-tokens';
import { discardLogs } from './logging.ts';
import { UNLIMITED } from './rate-limits.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface BenchServer {
  baseUrl: string;
  app: App;
  issuer: TestIssuer;
  /** The Authorization header of a session of this user. */
  headersOf(userId: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface BenchServerOptions extends Omit<AppDeps, 'db' | 'verifier'> {
  /**
   * As in production: compiled response serializers and logging at info, into a stream that drops the lines,
   * so the cost of request logging is part of every figure.
   */
  production?: boolean;
  /** Routes and hooks to add before the server listens: baselines, instrumentation. */
  prepare?: (app: App) => void;
}

export async function startBenchServer(
  db: DbHandle,
  { production = false, prepare, ...deps }: BenchServerOptions = {},
): Promise<BenchServer> {
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-bench-web');
  const settings = production ? { NODE_ENV: 'production', LOG_LEVEL: 'info' } : { LOG_LEVEL: 'warn' };
  const app = await buildApp(loadConfig({ ...settings, WEB_DIST_DIR: web.path, ...UNLIMITED }), {
    ...(production ? { logStream: discardLogs } : {}),
    ...deps,
    db,
    verifier: issuer.verifier,
  });
  prepare?.(app);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    app,
    issuer,
    headersOf: async (userId) => ({ authorization: `Bearer ${await issuer.sign(userId)}` }),
    close: async () => {
      await app.close();
      web.remove();
    },
  };
}

/** The benchmark's database migrated and seeded, then the server on it (default settings). */
export async function startSeededServer(
  db: DbHandle,
  seed: (db: DbHandle) => Promise<void>,
): Promise<BenchServer> {
  await db.migrate();
  await seed(db);
  return startBenchServer(db);
}
