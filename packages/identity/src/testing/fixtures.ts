// The identity tests' shared setup as vitest fixtures. Per test file: one identity server mailing to an SMTP
// sink of its own, started by the first test that asks for it and closed after the file (`serverConfig`
// overrides its config). Per test: a fresh browser (the SDK and its cookie jar), a new user who can sign in,
// and that user signed in in a browser of its own.
import { test } from 'vitest';
import type { IdentityConfig } from '../config.ts';
import { createUser, frontendApi, signInBrowser, startIdentityServer, startSmtpSink } from '../testing.ts';

export const USER_PASSWORD = 'a sturdy passphrase 42';

let users = 0;

export const it = test
  .extend('serverConfig', { scope: 'file' }, {} as Partial<IdentityConfig>)
  // Vitest reads a fixture's dependencies from its destructured first parameter, even when empty.
  // eslint-disable-next-line no-empty-pattern
  .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const smtp = await startSmtpSink();
    onCleanup(() => smtp.close());
    return smtp;
  })
  .extend('server', { scope: 'file' }, async ({ serverConfig, smtp }, { onCleanup }) => {
    const server = await startIdentityServer({ smtpUrl: smtp.url, ...serverConfig });
    onCleanup(() => server.close());
    return server;
  })
  .extend('browser', async ({ server }) => frontendApi(server.basePath))
  .extend('user', async ({ server }) => {
    const email = `user${++users}@example.com`;
    return { id: await createUser(server, email, USER_PASSWORD), email, password: USER_PASSWORD };
  })
  .extend('signedIn', async ({ server, user }) => signInBrowser(server, user.email, user.password));
