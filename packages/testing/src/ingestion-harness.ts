// The harness for ingestion tests: the fixture web server, and an API whose ingestion may fetch it.
import { submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { apiTest, serverFixture } from './api-fixtures.ts';
import { expectStatus } from './catalog-fixtures.ts';
import type { Harness, TestUser } from './harness.ts';
import { readUntil } from './wait-for.ts';

/** The fixture server is on loopback, so the API allowlists it explicitly; one attempt, no retry waits. */
export const INGESTION_ENV = { INGESTION_INTRANET_ALLOWLIST: '127.0.0.1', INGESTION_MAX_ATTEMPTS: '1' };

/** A file fixture of the fixture web site, for an API built with INGESTION_ENV. */
export const siteFixture = serverFixture(startFixtureServer);

/** apiTest with INGESTION_ENV and `site`, the fixture web site (one per file). */
export function ingestionTest() {
  return apiTest({ env: INGESTION_ENV }).extend('site', { scope: 'file' }, siteFixture);
}

/** Submits `url` for ingestion as a tool or a resource of the workspace; answers the accepted submission. */
export async function submitUrl(
  h: Harness,
  user: TestUser,
  kind: 'tools' | 'resources',
  body: { workspace_id: string; submitted_url: string } & Record<string, unknown>,
): Promise<Submission> {
  return submissionSchema.parse(expectStatus(await h.as(user).post(`/ingestion/${kind}`, body), 202));
}

/** Polls GET /ingestion/submissions/{id} as `user` until the submission has left pending and fetching. */
export async function settledSubmission(
  h: Harness,
  user: TestUser,
  id: string,
  ms = 15_000,
): Promise<Submission> {
  return readUntil(
    `submission ${id} to settle`,
    async () =>
      submissionSchema.parse(expectStatus(await h.as(user).get(`/ingestion/submissions/${id}`), 200)),
    (found) => !['pending', 'fetching'].includes(found.status),
    ms,
  );
}
