import { expect, test } from './support/fixtures.ts';
import { fillCredentials, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { codeOf, waitForMail } from './support/mailbox.ts';

test('logout clears the local session and goes to / even when the identity service fails', async ({
  page,
}) => {
  const email = `e2e-logout-${uniqueId()}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await page.waitForURL('**/onboarding');
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'user_jwt')).toBe(true);

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/.ory/self-service/logout/browser*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":500}}' }),
  );
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'user_jwt')).toBe(false);
  expect(errors.some((text) => text.includes('could not be logged out'))).toBe(true);
}, 60_000);

test('the GitHub button follows the redirect_browser_to of the 422 answer', async ({ page, baseUrl }) => {
  const target = `${baseUrl}/about?from=github`;
  // The e2e server has no GitHub app; answer as the identity service does when one is configured.
  await page.route('**/.ory/self-service/login?flow=*', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          id: 'browser_location_change_required',
          code: 422,
          message: 'browser location change required',
        },
        redirect_browser_to: target,
      }),
    }),
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL('**/about?from=github');
}, 60_000);

test('the login flow carries return_to, so a GitHub sign-in comes back to the save page', async ({
  page,
  baseUrl,
}) => {
  const back = `/save?url=${encodeURIComponent('https://rocket.rs/')}&title=Rocket`;
  const created = page.waitForResponse((response) => response.url().includes('/self-service/login/browser'));
  await page.goto(`/login?return_to=${encodeURIComponent(back)}`);
  // The identity service keeps it in the flow and sends the browser there after the provider's callback.
  expect(((await (await created).json()) as { return_to?: string }).return_to).toBe(`${baseUrl}${back}`);
  await page.getByRole('button', { name: 'Sign in with GitHub' }).waitFor();
}, 60_000);

test('Forgot password? recovers the account with an e-mailed code and a new password', async ({ page }) => {
  const email = `e2e-recover-${uniqueId()}@example.test`;
  const newPassword = 'Amber-Window-Compass-58';
  await registerVerified(page, email);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/recovery');
  await page.getByRole('button', { name: 'Send recovery code' }).click();
  await page.getByText('Please enter a valid email address.').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send recovery code' }).click();

  // The first mail was the verification code; the second carries the recovery code.
  await page.getByLabel('Recovery code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('alert')
    .getByText(/recovery code is invalid/)
    .waitFor();
  await page.getByLabel('Recovery code', { exact: true }).fill(codeOf(await waitForMail(email, 2)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.waitForURL('**/onboarding');

  // Signed out, the new password signs in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  await page.goto('/login');
  await fillCredentials(page, email, newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/onboarding');
}, 60_000);
