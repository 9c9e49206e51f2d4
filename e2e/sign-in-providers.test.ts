// The sign-in page offers a provider's button only when the identity service is configured with it: the
// shared e2e server has GitHub (against the local fake GitHub), a server started as `npm start` starts it has
// none, and there the page shows no provider button that would fail on click.
import { inject } from 'vitest';
import { createCleanups, startServerProcess, tempDir } from '@stackyard/testing/processes';
import { expect, test } from './support/fixtures.ts';

const cleanups = createCleanups();

test('with GitHub configured, "Sign in with GitHub" is shown and leads to GitHub', async ({ page }) => {
  await page.goto('/login');
  const github = page.getByRole('button', { name: 'Sign in with GitHub' });
  await github.waitFor();
  expect(await page.getByRole('button', { name: 'Sign in with Google' }).count()).toBe(0);
  await github.click();
  await page.waitForURL((url) => url.href.startsWith(`${inject('githubUrl')}/login/oauth/authorize`));
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBeTruthy();
});

test('a default install shows no provider button on the sign-in and sign-up pages', async ({ browser }) => {
  const dataDir = tempDir('stackyard-providers');
  cleanups.add(() => dataDir.remove());
  try {
    const server = cleanups.track(
      await startServerProcess({
        DATA_DIR: dataDir.path,
        DATABASE_URL: '',
        SMTP_URL: '',
        GITHUB_CLIENT_ID: '',
        GITHUB_CLIENT_SECRET: '',
        IDENTITY_OIDC_PROVIDERS: '',
      }),
    );
    const context = await browser.newContext({ baseURL: server.url });
    cleanups.add(() => context.close());
    const page = await context.newPage();
    // The login flow (whose nodes list the providers) has answered once the form can be submitted.
    const flowAnswered = page.waitForResponse((response) =>
      response.url().includes('/.ory/self-service/login/browser'),
    );
    await page.goto('/login');
    expect((await flowAnswered).status()).toBe(200);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Sign in with / }).count()).toBe(0);
    expect(await page.getByText('or', { exact: true }).count()).toBe(0);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(await page.getByRole('button', { name: /^Sign (in|up) with / }).count()).toBe(0);
  } finally {
    await cleanups.run();
  }
}, 90_000);
