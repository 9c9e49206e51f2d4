// The harness for ingestion tests: the fixture web server, and an API whose ingestion may fetch it.
import { startFixtureServer, type FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { createHarness, type Harness } from './harness.ts';

/**
 * The fixture server is on loopback, so the harness allowlists it explicitly; one attempt, no retry waits.
 * Closing the harness closes the fixture server too.
 */
export async function createIngestionHarness(): Promise<{ h: Harness; fixture: FixtureServer }> {
  const fixture = await startFixtureServer();
  const h = await createHarness({
    env: { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1', INGESTION_MAX_ATTEMPTS: '1' },
  });
  const close = async () => {
    await h.close();
    await fixture.close();
  };
  return { h: { ...h, close }, fixture };
}
