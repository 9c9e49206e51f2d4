// The process entry point: `npm start` (through scripts/start.ts) or `node apps/server/src/main.ts`.
import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { DataDirLockedError } from '@stackyard/db/data-dir-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  console.log(`stackyard listening on ${server.url}`);
  server.app.log.info({ database: server.db.driver, location: server.db.location }, 'ready');

  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      server.app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    server.app.log.info({ signal }, 'shutting down');
    server.stop().then(
      () => {
        server.app.log.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`stackyard could not start. ${error.message}`);
  } else {
    console.error('stackyard could not start:', error);
  }
  process.exit(1);
});
