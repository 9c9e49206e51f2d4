// Once per e2e run: build the SPA if needed, start a local SMTP sink, the ingestion fixture web server
// (allowlisted, since it is on loopback) and the real server on a free port with a temporary DATA_DIR (or, on
// the PostgreSQL run, a fresh database of its own), hand the URLs to the specs, and stop them cleanly
// afterwards.
import type { TestProject } from 'vitest/node';
import { createTestDb } from '@stackyard/db/testing';
import { startFixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { startFakeGithub } from '@stackyard/store/testing/fake-github';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { startServerProcess, tempDir } from '@stackyard/testing/processes';
import { startMailSink } from './support/mail-sink.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** GET <mailboxUrl>/?to=<address>: the mails the server sent there, oldest first. */
    mailboxUrl: string;
    /** The ingestion fixture web server (packages/ingestion/src/testing/fixture-server.ts), e.g. <origin>/tool. */
    fixtureOrigin: string;
    /** The local fake GitHub API the server's GitHub App talks to (packages/store/src/testing/fake-github.ts). */
    githubUrl: string;
  }
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDir = tempDir('stackyard-e2e');
  const database = process.env.TEST_DATABASE_URL ? await createTestDb() : null;
  const mail = await startMailSink();
  const fixture = await startFixtureServer();
  // The repository store: installation 7 of the account acme reaches the empty repository acme/stack; the
  // GitHub user octo, "signed in" on the fake's install page, may access it but not installation 8 of another
  // organization.
  const github = await startFakeGithub();
  github.addRepository('acme/stack');
  github.addRepository('other/secret');
  github.addInstallation(7, 'acme', ['acme/stack']);
  github.addInstallation(8, 'other', ['other/secret']);
  github.addUser('octo', [7]);
  const server = await startServerProcess({
    SMTP_URL: mail.smtpUrl,
    INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
    INGESTION_MAX_ATTEMPTS: '1',
    DATA_DIR: dataDir.path,
    DATABASE_URL: database?.databaseUrl,
    LOG_LEVEL: 'warn',
    GITHUB_APP_ID: github.app.appId,
    GITHUB_APP_PRIVATE_KEY: github.app.privateKey,
    GITHUB_APP_SLUG: 'stackyard-e2e',
    GITHUB_APP_CLIENT_ID: github.app.clientId,
    GITHUB_APP_CLIENT_SECRET: github.app.clientSecret,
    GITHUB_API_URL: github.url,
    GITHUB_WEB_URL: github.url,
    // "Sign in with GitHub" configured (against the fake), so the identity service answers its callback
    // (e2e/flow-errors.test.ts) rather than refusing an unknown provider.
    GITHUB_CLIENT_ID: github.app.clientId,
    GITHUB_CLIENT_SECRET: github.app.clientSecret,
    STORE_SYNC_DELAY_MS: '0',
    // A sign-in older than 10 s must be repeated before a password change (e2e/account-security.test.ts).
    IDENTITY_REAUTH_AFTER_SECONDS: '10',
  });
  // The fake's install page sends the browser back to the app's callback URL with a code, as GitHub does.
  github.setInstallFlow({
    callbackUrl: `${server.url}/callback/workspace_github_storage_update`,
    login: 'octo',
  });
  project.provide('baseUrl', server.url);
  project.provide('mailboxUrl', mail.mailboxUrl);
  project.provide('fixtureOrigin', fixture.origin);
  project.provide('githubUrl', github.url);
  return async () => {
    server.process.kill('SIGTERM');
    const { code } = await server.exited;
    await database?.close();
    await mail.close();
    await fixture.close();
    await github.close();
    dataDir.remove();
    if (code !== 0) throw new Error(`the e2e server exited with ${code}:\n${server.output()}`);
  };
}
