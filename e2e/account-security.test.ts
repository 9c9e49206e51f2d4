// Settings → Account, Security card: the sessions list with a second browser in it and revoking that
// browser, then a password change that asks for the current password (the sign-in is older than the
// server's IDENTITY_REAUTH_AFTER_SECONDS, 10 s in global-setup) and the sign-in with the new password. The
// dialog of an account without a password (GitHub only) is tested in change-password-dialog.test.tsx: this
// server has no OIDC provider to make one with.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures.ts';
import {
  fillCredentials,
  onboard,
  PASSWORD,
  registerVerified,
  signIn,
  uniqueId,
} from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';

const screenshotsDir = fileURLToPath(new URL('./artifacts/account-security/', import.meta.url));
const SAFARI_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const NEW_PASSWORD = 'Amber-Kettle-Orchard-58';

test('account security: sessions list, revoke, and change password with re-authentication', async ({
  page,
  browser,
  baseUrl,
}) => {
  mkdirSync(screenshotsDir, { recursive: true });
  const id = uniqueId();
  const email = `e2e-security-${id}@example.test`;
  const username = `sec_${id}`;
  await registerVerified(page, email);
  await signIn(page, email);
  const signedInAt = Date.now();
  await onboard(page, username, 'vault');

  // A second browser, another device, signed in as the same user.
  const other = await browser.newContext({ baseURL: baseUrl, userAgent: SAFARI_ON_MAC });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);
  await otherPage.waitForURL(`**/${username}/vault`);
  const otherJwt = (await other.cookies()).find((cookie) => cookie.name === 'user_jwt')?.value;
  expect(otherJwt).toBeTruthy();
  const apiStatus = async () =>
    (await fetch(`${baseUrl}/api/v1/workspaces`, { headers: { authorization: `Bearer ${otherJwt}` } }))
      .status;
  expect(await apiStatus()).toBe(200);

  await page.goto('/settings?tab=account');
  const view = page.getByRole('button', { name: 'View Sessions' });
  await view.click();
  expect(await page.getByRole('button', { name: 'Hide Sessions' }).getAttribute('aria-expanded')).toBe(
    'true',
  );
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  const current = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await current.waitFor();
  expect(await current.textContent()).toContain('Chrome on Linux');
  const safari = sessions.getByRole('listitem').filter({ hasText: 'Safari on macOS' });
  await safari.waitFor();
  expect(await safari.textContent()).toMatch(/IP (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) · signed in/);
  expect(await current.getByRole('button').count()).toBe(0);

  expect(await seriousA11yViolations(page), 'account tab, light').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}light.png`, fullPage: true });
  await page.getByRole('combobox', { name: 'Theme' }).first().selectOption('dark');
  await page.waitForFunction(`document.documentElement.classList.contains('dark')`);
  expect(await seriousA11yViolations(page), 'account tab, dark').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}dark.png`, fullPage: true });
  await page.getByRole('combobox', { name: 'Theme' }).first().selectOption('light');

  // Revoking the other browser ends its session and, within the revocation reload, its API access.
  await safari.getByRole('button', { name: /^Revoke Safari on macOS/ }).click();
  await safari.waitFor({ state: 'detached' });
  await page.getByText('You are not signed in anywhere else.').waitFor();
  await expect.poll(apiStatus, { timeout: 10_000, interval: 250 }).toBe(401);
  await otherPage.goto('/settings');
  await otherPage.getByRole('heading', { name: 'What is the product?' }).waitFor();
  await other.close();

  // The sign-in is older than IDENTITY_REAUTH_AFTER_SECONDS by now (or soon): the change asks who it is.
  await page.waitForTimeout(Math.max(0, signedInAt + 11_000 - Date.now()));
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('New password', { exact: true }).fill('short');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('shorter');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await dialog.getByText('The passwords do not match.').waitFor();
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await dialog.getByText('The password must be at least 8 characters long, but got 5.').waitFor();

  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  const refreshFlow = page.waitForResponse(
    (response) =>
      response.url().includes('/self-service/login/browser') && response.url().includes('refresh=true'),
  );
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await dialog.getByText('Please confirm this action by verifying that it is you.').waitFor();
  // The refresh login flow comes back to this page (what a provider's sign-in needs) and, for an account with
  // a password, offers it: the dialog asks for it, not for GitHub.
  const refresh = (await (await refreshFlow).json()) as { refresh?: boolean; return_to?: string };
  expect(refresh).toMatchObject({ refresh: true, return_to: `${baseUrl}/settings?tab=account` });
  expect(await dialog.getByRole('button', { name: /again$/ }).count()).toBe(0);
  expect(await seriousA11yViolations(page), 'confirm step').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}confirm.png`, fullPage: true });
  await dialog.getByLabel('Current password', { exact: true }).fill('Not-My-Password-11');
  await dialog.getByRole('button', { name: 'Confirm and save' }).click();
  await dialog.getByText('The provided credentials are invalid', { exact: false }).waitFor();
  await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm and save' }).click();
  await page.getByText('Your changes have been saved!').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // This browser stays signed in; a new one signs in with the new password, not the old one.
  await page.goto('/dashboard');
  await page.waitForURL(`**/${username}/vault`);
  const fresh = await browser.newContext({ baseURL: baseUrl });
  const freshPage = await fresh.newPage();
  await freshPage.goto('/login');
  await fillCredentials(freshPage, email, PASSWORD);
  await freshPage.getByRole('button', { name: 'Login', exact: true }).click();
  await freshPage.getByText('The provided credentials are invalid', { exact: false }).waitFor();
  await fillCredentials(freshPage, email, NEW_PASSWORD);
  await freshPage.getByRole('button', { name: 'Login', exact: true }).click();
  await freshPage.waitForURL(`**/${username}/vault`);
  await fresh.close();
}, 120_000);
