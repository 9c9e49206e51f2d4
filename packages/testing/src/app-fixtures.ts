// Fixtures of tests of the server's app itself: `db`, as dbTest's; `web`, a temporary build of the
// SPA holding the files a test names; `logLines`, what the app logged; `app`, the app on `db` serving `web`.
// Each is started once per file and closed or removed when the file's tests are done, failed or not.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { dbTest, type TestDb } from './db-fixtures.ts';
import { tempDir } from './processes.ts';

export interface AppOptions {
  /** Added to the config's environment; WEB_DIST_DIR is the `web` fixture and LOG_LEVEL info unless given. */
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  /** Files of the SPA's build by their path in it; `assets/` is there in any case. */
  web?: Record<string, string | Buffer>;
  /** Adds the file's own routes: the app is made ready after it, and a ready app takes no more routes. */
  routes?(app: FastifyInstance, db: TestDb): void | Promise<void>;
}

/**
 * The test function with the app's fixtures. A file whose options need a fixture of its own (a token issuer
 * for `deps.verifier`) extends `appOptions` again, with that fixture as a dependency.
 */
export function appTest(options: AppOptions = {}) {
  return dbTest()
    .extend('appOptions', { scope: 'file' }, (): AppOptions => options)
    .extend('web', { scope: 'file' }, ({ appOptions }, { onCleanup }) => {
      const web = tempDir('stackyard-web');
      onCleanup(() => web.remove());
      mkdirSync(join(web.path, 'assets'));
      for (const [path, content] of Object.entries(appOptions.web ?? {})) {
        mkdirSync(dirname(join(web.path, path)), { recursive: true });
        writeFileSync(join(web.path, path), content);
      }
      return web;
    })
    .extend('logLines', { scope: 'file' }, (): string[] => [])
    .extend('app', { scope: 'file' }, async ({ appOptions, db, web, logLines }, { onCleanup }) => {
      const { env, deps, routes } = appOptions;
      const app = await buildApp(loadConfig({ WEB_DIST_DIR: web.path, LOG_LEVEL: 'info', ...env }), {
        db,
        logStream: { write: (line: string) => void logLines.push(line) },
        ...deps,
      });
      onCleanup(() => app.close());
      await routes?.(app, db);
      await app.ready();
      return app;
    });
}
