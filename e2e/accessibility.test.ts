import { expect, test } from './support/fixtures.ts';
import { registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';

test('the public and sign-in screens have no serious or critical axe violations', async ({ page }) => {
  const screens: Array<[string, string]> = [
    ['/', 'What is the product?'],
    ['/about', 'About'],
    ['/login', 'Login'],
    ['/register', 'Sign Up'],
    ['/verify?flow=00000000-0000-4000-8000-000000000000', 'Verify your email'],
    ['/recovery', 'Reset your password'],
    ['/no-such-page', '404 Not Found'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
  // With the form's error messages showing.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Please enter a valid email address.').waitFor();
  expect(await seriousA11yViolations(page), '/login with errors').toEqual([]);
}, 60_000);

test('onboarding and the app shell have no serious or critical axe violations', async ({ page }) => {
  const id = uniqueId();
  const email = `e2e-a11y-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Username', { exact: true }).waitFor();
  expect(await seriousA11yViolations(page), 'onboarding: username').toEqual([]);
  await page.getByLabel('Username', { exact: true }).fill(`a11y_${id}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.getByText('Name is required').waitFor();
  expect(await seriousA11yViolations(page), 'onboarding: workspace').toEqual([]);
  await page.getByLabel('Name', { exact: true }).fill('Tooling');
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await page.waitForURL(`**/a11y_${id}/tooling`);
  await page.getByRole('heading', { name: 'Tooling', level: 1 }).waitFor();
  expect(await seriousA11yViolations(page), 'workspace dashboard').toEqual([]);
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByPlaceholder('Search workspaces...').waitFor();
  expect(await seriousA11yViolations(page), 'workspace switcher').toEqual([]);
}, 60_000);
