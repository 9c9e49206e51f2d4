// Once per e2e run: build the SPA if needed, start a local SMTP sink and the real server on a free port
// with a temporary DATA_DIR (or, on the PostgreSQL run, a fresh database of its own), hand both URLs to
// the specs, and stop them cleanly afterwards.
import type { TestProject } from 'vitest/node';
import { createTestDb } from '@stackyard/db/testing';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { startServerProcess, tempDir } from '../test/processes.ts';
import { startMailSink } from './support/mail-sink.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET <mailboxUrl>/?to=<address>: the mails the server sent there, oldest first. */
    mailboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDir = tempDir('stackyard-e2e');
  const database = process.env.TEST_DATABASE_URL ? await createTestDb() : null;
  const mail = await startMailSink();
  const server = await startServerProcess({
    SMTP_URL: mail.smtpUrl,
    DATA_DIR: dataDir.path,
    DATABASE_URL: database?.databaseUrl,
    LOG_LEVEL: 'warn',
  });
  project.provide('baseUrl', server.url);
  project.provide('mailboxUrl', mail.mailboxUrl);
  return async () => {
    server.process.kill('SIGTERM');
    const { code } = await server.exited;
    await database?.close();
    await mail.close();
    dataDir.remove();
    if (code !== 0) throw new Error(`the e2e server exited with ${code}:\n${server.output()}`);
  };
}
