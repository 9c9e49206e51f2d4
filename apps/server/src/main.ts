// The process entry point: `npm start` (through scripts/start.ts) or `node apps/server/src/main.ts`.
import { useCompileCache } from './compile-cache.ts';
import { restartTuned } from './process-restart.ts';
import { registerModuleLoadingShortcuts } from './module-loading.ts';
import type { RunningServer } from './server.ts';

restartTuned();
// Before the app's modules load (below), so that they are read from the cache.
useCompileCache();
// Before anything loads drizzle-orm (see module-loading.ts): the app's modules are imported only after it.
registerModuleLoadingShortcuts();
// The embedded database's thread (without DATABASE_URL) starts here, with PostgreSQL's WebAssembly compiled,
// before anything else loads: it loads PGlite while the configuration and the server's modules load here, and
// opens the database as soon as the server names it.
if (!process.env.DATABASE_URL) {
  (await import('@stackyard/db/pglite-thread')).PgliteThread.prestart();
}
const [{ DataDirLockedError }, { ConfigError, loadConfig }, { startServer }] = await Promise.all([
  import('@stackyard/db/data-dir-lock'),
  import('./config.ts'),
  import('./server.ts'),
]);

// `--role api|identity|worker|all` (or ROLE=…): one part of the product per process, e.g. the identity service on a
// host of its own. The flag wins over the variable.
function roleArgument(argv: string[]): Record<string, string> {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index === -1) return {};
  const arg = argv[index] ?? '';
  return { ROLE: arg.includes('=') ? arg.slice('--role='.length) : (argv[index + 1] ?? '') };
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, ...roleArgument(process.argv.slice(2)) });
  // Signal handlers come first: a SIGTERM that arrives while starting still ends in a clean stop.
  // (They run from the event loop, so never before `starting` below is assigned.)
  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      console.error(`stackyard: second ${signal}, exiting now`);
      process.exit(1);
    }
    void (async () => {
      // A failed start is reported, and the process ended, by main's catch below.
      const server = await starting.catch(() => null);
      if (!server) return;
      server.app.log.info({ signal }, 'shutting down');
      try {
        await server.stop();
        server.app.log.info('stopped cleanly');
        process.exit(0);
      } catch (error) {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const starting: Promise<RunningServer> = startServer(config);
  const server = await starting;
  console.log(`stackyard listening on ${server.url}`);
  server.app.log.info({ database: server.db.driver, location: server.db.location }, 'ready');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`stackyard could not start. ${error.message}`);
  } else {
    console.error('stackyard could not start:', error);
  }
  process.exit(1);
});
