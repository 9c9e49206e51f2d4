import { expect, test } from './support/fixtures.ts';
import { fillCredentials, PASSWORD, uniqueId as unique } from './support/accounts.ts';
import { codeOf, waitForMail } from './support/mailbox.ts';

test('a new user signs up, verifies, signs in, onboards, lands on the workspace and logs out', async ({
  page,
}) => {
  const id = unique();
  const email = `e2e-${id}@example.test`;
  const password = PASSWORD;
  const username = `user_${id}`;

  await page.goto('/register');
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/verify\?flow=[\w-]+$/);

  const code = codeOf(await waitForMail(email));
  await page.getByLabel('Verification code', { exact: true }).fill(` ${code} `);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.waitForURL('**/login');

  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/onboarding');
  await page.getByText('Getting Started').waitFor();
  await page.getByText('Complete all steps to access your workspace features.').waitFor();

  // Step 1: the username, lower-cased as it is typed, with the onboarding messages.
  const usernameInput = page.getByLabel('Username', { exact: true });
  await usernameInput.fill('AB');
  expect(await usernameInput.inputValue()).toBe('ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Username must be at least 3 characters').waitFor();
  await usernameInput.fill('ana-maria');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Username can only contain lowercase letters, numbers, and underscores').waitFor();
  await usernameInput.fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Username is required').waitFor();
  await usernameInput.fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the first workspace.
  await page.getByRole('heading', { name: 'Create your first workspace' }).waitFor();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.getByText('Name is required').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Tooling');
  await page.getByLabel('Slug (optional)', { exact: true }).fill('ab');
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.getByText('Slug must be at least 3 characters').waitFor();
  await page.getByLabel('Slug (optional)', { exact: true }).fill('tooling');
  await page.getByLabel('Description (optional)', { exact: true }).fill('Everything we build with');
  await page.getByRole('button', { name: 'Create Workspace' }).click();

  // The landing redirect takes the new, current workspace's dashboard.
  await page.waitForURL(`**/${username}/tooling`);
  await page.getByRole('heading', { name: 'Tooling', level: 1 }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  for (const label of ['Dashboard', 'Projects', 'Tools', 'Resources', 'AI export']) {
    await nav.getByRole('link', { name: label }).waitFor();
  }

  // The switcher lists the workspace, filters, and says when nothing matches.
  const switcher = page.getByRole('combobox', { name: 'Workspace' });
  expect(await switcher.textContent()).toContain('Tooling');
  await switcher.click();
  const search = page.getByPlaceholder('Search workspaces...');
  await search.waitFor();
  const option = page.getByRole('option', { name: /Tooling/ });
  await option.getByTestId('current-workspace-check').waitFor();
  await option.getByText('Everything we build with').waitFor();
  await search.fill('zzz');
  await page.getByText('No workspace found.').waitFor();
  await search.fill('');
  await page.getByRole('option', { name: 'Manage workspaces' }).click();
  await page.waitForURL('**/settings?tab=workspace');

  // A second workspace (made through the API with the page's own cookies and the app's header, as the SPA
  // calls it): switching makes it current, goes to its dashboard, and the choice survives a reload.
  const created = await page.request.post('/api/v1/workspaces', {
    headers: { 'x-stackyard-client': 'web' },
    data: { name: 'Reading list', slug: 'reading', description: 'Articles and talks' },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/${username}/tooling`);
  await switcher.click();
  await search.fill('articles');
  await page.getByRole('option', { name: /Tooling/ }).waitFor({ state: 'detached' });
  await page.getByRole('option', { name: /Reading list/ }).click();
  await page.waitForURL(`**/${username}/reading`);
  await page.getByRole('heading', { name: 'Reading list', level: 1 }).waitFor();
  await page.goto('/dashboard');
  await page.waitForURL(`**/${username}/reading`);
  expect(await switcher.textContent()).toContain('Reading list');

  // A wrong slug under the user shows the workspace 404.
  await page.goto(`/${username}/no-such-workspace`);
  await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();

  // A signed-in user is sent away from the sign-in pages.
  await page.goto('/login');
  await page.waitForURL(`**/${username}/reading`);

  const jwt = (await page.context().cookies()).find((cookie) => cookie.name === 'user_jwt');
  expect(jwt?.sameSite).toBe('Lax');
  expect(jwt?.path).toBe('/');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'user_jwt')).toBe(false);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();

  // Signed out again: the guarded pages send the visitor to /.
  await page.goto(`/${username}/tooling`);
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
}, 60_000);

test('login and register check their fields and show the server messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Please enter a valid email address.').waitFor();
  await page.getByText('Password must be at least 6 characters.').waitFor();

  await fillCredentials(page, `nobody-${unique()}@example.test`, 'wrong-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page
    .getByRole('alert')
    .getByText(/The provided credentials are invalid/)
    .waitFor();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL('**/register');

  await fillCredentials(page, 'not-an-email', '123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Please enter a valid email address.').waitFor();
  await page.getByText('Password must be at least 6 characters.').waitFor();

  // Long enough for the form, too short for the identity service: the fallback above the form, its message
  // under the password field (e2e/password-rules.test.ts checks where).
  await fillCredentials(page, `short-${unique()}@example.test`, '1234567');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('alert').getByText('Registration failed').waitFor();
  await page.getByText('The password must be at least 8 characters long, but got 7.').waitFor();
}, 60_000);

test('the guards send visitors without a session to /, and /verify without a flow to /', async ({ page }) => {
  for (const path of ['/dashboard', '/onboarding', '/settings', '/ana/tooling', '/verify']) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'What is the product?' }).waitFor();
    expect(new URL(page.url()).pathname, path).toBe('/');
  }
}, 60_000);

test('a wrong verification code shows the server message', async ({ page }) => {
  const id = unique();
  const email = `e2e-code-${id}@example.test`;
  await page.goto('/register');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(/\/verify\?flow=/);
  await waitForMail(email);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Verification code is required').waitFor();
  await page.getByLabel('Verification code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page
    .getByRole('alert')
    .getByText(/verification code is invalid/)
    .waitFor();
}, 60_000);
