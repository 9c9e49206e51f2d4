// The fixture web server in a process of its own, so the benchmark measures the fetcher and the extractor
// and not the server sharing their event loop. Prints its origin, runs until SIGTERM.
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';

const server = await startFixtureServer();
console.log(`fixture listening on ${server.origin}`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
