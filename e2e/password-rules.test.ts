// The password policy the identity service enforces is stated under every new-password field before the
// form is sent, and a password it refuses gets the service's reason on that field (its accessible
// description, where a screen reader announces it too): sign-up, recovery and Change password.
import type { Locator, Page } from 'playwright-core';
import { PASSWORD_RULES } from '@stackyard/contracts/password';
import { fillCredentials, onboard, registerVerified, uniqueId } from './support/accounts.ts';
import { codeOf, waitForMail } from './support/mailbox.ts';
import { expect, test } from './support/fixtures.ts';

const TOO_SHORT = 'The password must be at least 8 characters long, but got 7.';
const BREACHED = 'The password has been found in data breaches and must no longer be used.';

/** The texts the field's aria-describedby points at: its hint, then its error. */
async function descriptionOf(page: Page, field: Locator): Promise<string[]> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return Promise.all(ids.map(async (id) => (await page.locator(`[id="${id}"]`).textContent()) ?? ''));
}

async function expectRefused(page: Page, field: Locator, message: string) {
  await expect.poll(() => descriptionOf(page, field)).toEqual([PASSWORD_RULES, message]);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  await page.getByText(message, { exact: true }).waitFor();
}

test("sign-up states the rules and shows a refused password's reason on the field", async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  await page.getByText(PASSWORD_RULES, { exact: true }).waitFor();
  expect(await descriptionOf(page, password)).toEqual([PASSWORD_RULES]);

  const email = `rules-${uniqueId()}@example.test`;
  await fillCredentials(page, email, 'Short-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectRefused(page, password, TOO_SHORT);

  await password.fill('password1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expectRefused(page, password, BREACHED);
  expect(page.url()).toMatch(/\/register$/);
});

test('recovery and Change password state the rules and show the reason on the field', async ({ page }) => {
  const email = `rules-${uniqueId()}@example.test`;
  await registerVerified(page, email);
  await page.goto('/recovery');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send recovery code' }).click();
  await page.getByLabel('Recovery code', { exact: true }).fill(codeOf(await waitForMail(email, 2)));
  await page.getByRole('button', { name: 'Continue' }).click();
  const newPassword = page.getByLabel('New password', { exact: true });
  await page.getByText(PASSWORD_RULES, { exact: true }).waitFor();
  expect(await descriptionOf(page, newPassword)).toEqual([PASSWORD_RULES]);
  await newPassword.fill('baseball1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expectRefused(page, newPassword, BREACHED);
  await newPassword.fill('Amber-Window-Compass-58');
  await page.getByRole('button', { name: 'Save password' }).click();

  await onboard(page, `rules_${uniqueId()}`, 'rules');
  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const changed = dialog.getByLabel('New password', { exact: true });
  await dialog.getByText(PASSWORD_RULES, { exact: true }).waitFor();
  expect(await descriptionOf(page, changed)).toEqual([PASSWORD_RULES]);
  await changed.fill('Short-1');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('Short-1');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expectRefused(page, changed, TOO_SHORT);
  expect(await dialog.getByRole('alert').count()).toBe(0);
}, 60_000);
