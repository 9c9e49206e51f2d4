// The real server a benchmark times: buildApp on the benchmark's database, logging warnings only, a temporary
// web directory, session tokens from a test issuer, listening on 127.0.0.1 (a free port).
import type { DbHandle } from '@stackyard/db/client';
import { buildApp, type AppDeps } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { tempDir } from '@stackyard/testing/processes';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { UNLIMITED } from './rate-limits.ts';

export interface BenchServer {
  baseUrl: string;
  /** The Authorization header of a session of this user. */
  headersOf(userId: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function startBenchServer(
  db: DbHandle,
  deps: Omit<AppDeps, 'db' | 'verifier'> = {},
): Promise<BenchServer> {
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-bench-web');
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'warn', WEB_DIST_DIR: web.path, ...UNLIMITED }), {
    ...deps,
    db,
    verifier: issuer.verifier,
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    headersOf: async (userId) => ({ authorization: `Bearer ${await issuer.sign(userId)}` }),
    close: async () => {
      await app.close();
      web.remove();
    },
  };
}
