// Helpers that walk a new account through the real sign-up screens, for specs that need a signed-in user.
import type { Page } from 'playwright-core';
import { codeOf, waitForMail } from './mailbox.ts';

// Unlike the e-mail addresses below, so the identity service's similarity check accepts it.
export const PASSWORD = 'Quiet-Harbor-Lantern-73';

export const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Registers and verifies `email` through /register and /verify; ends on 'Email Verified!'. */
export async function registerVerified(page: Page, email: string) {
  await page.goto('/register');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/verify\?flow=[\w-]+$/);
  const code = codeOf(await waitForMail(email));
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
}

/** Signs in through /login; resolves once the app has left the login page. */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** From /onboarding: picks `username`, creates a workspace `slug`, and waits for its dashboard. */
export async function onboard(page: Page, username: string, slug: string) {
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Name', { exact: true }).fill(slug);
  await page.getByLabel('Slug (optional)', { exact: true }).fill(slug);
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.waitForURL(`**/${username}/${slug}`);
}
