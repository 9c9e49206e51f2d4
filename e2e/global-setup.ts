// Once per e2e run: build the SPA if needed, start a local SMTP sink, the ingestion fixture web server
// (allowlisted, since it is on loopback) and the real server on a free port with a temporary DATA_DIR (or, on
// the PostgreSQL run, a fresh database of its own), hand the URLs to the specs, and stop them cleanly
// afterwards.
import type { TestProject } from 'vitest/node';
import { createTestDb } from '@stackyard/db/testing';
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { startServerProcess, tempDir } from '../test/processes.ts';
import { startMailSink } from './support/mail-sink.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET <mailboxUrl>/?to=<address>: the mails the server sent there, oldest first. */
    mailboxUrl: string;
    /** The ingestion fixture web server (packages/ingestion/src/testing/fixture-server.ts), e.g. <origin>/tool. */
    fixtureOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDir = tempDir('stackyard-e2e');
  const database = process.env.TEST_DATABASE_URL ? await createTestDb() : null;
  const mail = await startMailSink();
  const fixture = await startFixtureServer();
  const server = await startServerProcess({
    SMTP_URL: mail.smtpUrl,
    INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
    INGESTION_MAX_ATTEMPTS: '1',
    DATA_DIR: dataDir.path,
    DATABASE_URL: database?.databaseUrl,
    LOG_LEVEL: 'warn',
  });
  project.provide('baseUrl', server.url);
  project.provide('mailboxUrl', mail.mailboxUrl);
  project.provide('fixtureOrigin', fixture.origin);
  return async () => {
    server.process.kill('SIGTERM');
    const { code } = await server.exited;
    await database?.close();
    await mail.close();
    await fixture.close();
    dataDir.remove();
    if (code !== 0) throw new Error(`the e2e server exited with ${code}:\n${server.output()}`);
  };
}
