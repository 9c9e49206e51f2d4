// The link in the verification mail ends on the verified state, in the browser that signed up and in
// another one (a phone); a link whose code is wrong shows the code form with the server's reason.
import { fillCredentials, PASSWORD, uniqueId } from './support/accounts.ts';
import { codeOf, linkOf, waitForMail } from './support/mailbox.ts';
import { expect, test } from './support/fixtures.ts';
import type { Page } from 'playwright-core';

async function signUp(page: Page, email: string) {
  await page.goto('/register');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/verify\?flow=[\w-]+$/);
  await page.getByLabel('Verification code', { exact: true }).waitFor();
}

test('opening the mailed link shows "Email Verified!", then the account signs in', async ({ page }) => {
  const email = `link-${uniqueId()}@example.test`;
  await signUp(page, email);
  await page.goto(linkOf(await waitForMail(email)));
  await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
  expect(await page.getByLabel('Verification code', { exact: true }).count()).toBe(0);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.waitForURL('**/login');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/onboarding');
});

test('the link opened in another browser verifies there too', async ({ page, browser, baseUrl }) => {
  const email = `phone-${uniqueId()}@example.test`;
  await signUp(page, email);
  const phone = await browser.newContext({ baseURL: baseUrl });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(linkOf(await waitForMail(email)));
    await phonePage.getByRole('heading', { name: 'Email Verified!' }).waitFor();
  } finally {
    await phone.close();
  }
});

test('a link with a wrong code shows the code form and why', async ({ page }) => {
  const email = `wrong-${uniqueId()}@example.test`;
  await signUp(page, email);
  const mail = await waitForMail(email);
  const code = codeOf(mail);
  const wrong = new URL(linkOf(mail));
  wrong.searchParams.set('code', code === '000000' ? '111111' : '000000');
  await page.goto(wrong.href);
  await page
    .getByRole('alert')
    .getByText('The verification code is invalid or has already been used. Please try again.')
    .waitFor();
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
});
