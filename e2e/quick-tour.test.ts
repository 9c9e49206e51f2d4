// The README's "Quick tour": the first five minutes on a server started as `npm start` starts it (PGlite, no
// SMTP_URL, so the verification code is in the log): sign up, verify, onboard, add a first tool. It takes the
// README's screenshots on the way; UPDATE_SCREENSHOTS=1 writes them to docs/screenshots/, else they land in
// e2e/artifacts/quick-tour/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { createCleanups, startServerProcess, tempDir } from '@stackyard/testing/processes';
import { fillCredentials, PASSWORD } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const screenshotsDir = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS === '1' ? '../docs/screenshots/' : './artifacts/quick-tour/',
    import.meta.url,
  ),
);
const cleanups = createCleanups();

test('quick tour: sign up, verify with the code from the log, onboard, add a first tool', async ({
  browser,
}) => {
  const dataDir = tempDir('stackyard-tour');
  cleanups.add(() => dataDir.remove());
  const server = cleanups.track(
    await startServerProcess({
      DATA_DIR: dataDir.path,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      // The first tool comes from the ingestion fixture web server on loopback.
      INGESTION_INTRANET_ALLOWLIST: '127.0.0.1',
    }),
  );
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  cleanups.add(() => context.close());
  const page = await context.newPage();
  mkdirSync(screenshotsDir, { recursive: true });
  const shoot = async (page: Page, name: string) => {
    // The page as a user sees it once its queries answered, not their loading placeholders.
    await page
      .getByText(/Loading/)
      .first()
      .waitFor({ state: 'detached' });
    await page.screenshot({ path: join(screenshotsDir, `${name}.png`) });
  };

  try {
    await page.goto('/');
    await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
    await shoot(page, '1-landing');

    const email = 'ada@example.test';
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL('**/register');
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/verify\?flow=[\w-]+$/);

    // Without SMTP_URL the mail is a log line: its body holds the code on a line of its own.
    const line = (await server.waitFor(new RegExp(`^\\{.*"to":"${email}".*$`, 'm')))[0];
    const mail = JSON.parse(line) as { msg: string; body: string };
    expect(mail.msg).toBe('mail not sent (no SMTP_URL): logged and kept in the mail queue');
    const code = /^(\d{6})\s*$/m.exec(mail.body)?.[1] ?? '';
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await shoot(page, '2-verify');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await page.waitForURL('**/onboarding');
    await page.getByLabel('Username', { exact: true }).fill('ada');
    await shoot(page, '3-onboarding');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Tooling');
    await page.getByLabel('Description (optional)', { exact: true }).fill('Everything we build with');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await page.waitForURL('**/ada/tooling');
    await page.getByRole('heading', { name: 'Tooling', level: 1 }).waitFor();
    await shoot(page, '4-dashboard');

    await page.getByRole('link', { name: 'Tools', exact: true }).first().click();
    await page.getByRole('link', { name: 'Add your first tool' }).click();
    await page.waitForURL('**/ada/tooling/tool-ingestions');
    const tool = `${inject('fixtureOrigin')}/tool`;
    await page.getByRole('textbox', { name: 'URLs' }).fill(tool);
    await page.getByRole('button', { name: 'Submit tools' }).click();
    const card = page.getByRole('article', { name: tool, exact: true });
    await card.getByText('Added', { exact: true }).waitFor({ timeout: 20_000 });
    await shoot(page, '5-first-tool');
    await card.getByRole('link', { name: /^Open / }).click();
    await page.waitForURL(/\/ada\/tooling\/tools\/[a-z0-9-]+$/);
    await page.getByText(tool, { exact: true }).first().waitFor();
    await shoot(page, '6-tool');
  } finally {
    await cleanups.run();
  }
}, 90_000);
