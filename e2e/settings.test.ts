import { expect, test } from './support/fixtures.ts';
import { onboard, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';

test('settings: profile, username change and Sign Out All Devices', async ({ page, browser, baseUrl }) => {
  const id = uniqueId();
  const email = `e2e-settings-${id}@example.test`;
  const username = `set_${id}`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, username, 'tooling');

  // The default tab is Workspaces.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/settings');
  await page.getByRole('link', { name: 'Workspaces' }).and(page.locator('[aria-current="page"]')).waitFor();

  await page.getByRole('link', { name: 'Profile' }).click();
  await page.waitForURL('**/settings?tab=profile');
  await page.getByText(email).waitFor();
  expect(await page.getByRole('combobox', { name: 'Theme' }).last().inputValue()).toBe('system');
  expect(await seriousA11yViolations(page), 'profile tab').toEqual([]);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('Display name', { exact: true }).fill('Ana Settings');
  await page.getByLabel('Avatar URL', { exact: true }).fill('not a url');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Avatar URL must be a valid URL').waitFor();
  await page.getByLabel('Avatar URL', { exact: true }).fill('https://example.com/ana.png');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Ana Settings').waitFor();
  await page.getByText('https://example.com/ana.png').waitFor();

  await page.getByRole('button', { name: 'Change username' }).click();
  const input = page.getByLabel('New username', { exact: true });
  await input.fill(username);
  await page.getByText('This is already your current username').waitFor();
  await input.fill(`${username}_2`);
  await page.getByText('Username is available').waitFor();
  await page.getByRole('button', { name: 'Save username' }).click();
  await page.getByText('Username updated successfully!').waitFor();
  await page.getByText(`${username}_2`).waitFor();

  // A second browser signed in as the same user is signed out by 'Sign Out All Devices'.
  const other = await browser.newContext({ baseURL: baseUrl });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);
  await otherPage.waitForURL(`**/${username}_2/tooling`);

  await page.getByRole('link', { name: 'Account' }).click();
  await page.waitForURL('**/settings?tab=account');
  expect(await page.getByRole('button', { name: 'View Usage' }).isDisabled()).toBe(true);
  expect(await seriousA11yViolations(page), 'account tab').toEqual([]);
  await page.getByRole('button', { name: 'Sign Out All Devices' }).click();
  await page.getByText('Signed out of 1 other session.').waitFor();

  await otherPage.goto('/settings');
  await otherPage.getByRole('heading', { name: 'What is the product?' }).waitFor();
  await other.close();

  // This browser is still signed in.
  await page.goto('/dashboard');
  await page.waitForURL(`**/${username}_2/tooling`);
}, 120_000);

test('settings: create, edit and delete workspaces', async ({ page }) => {
  const id = uniqueId();
  const email = `e2e-ws-${id}@example.test`;
  const username = `ws_${id}`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, username, 'tooling');

  await page.goto('/settings');
  const table = page.getByRole('table');
  await table.getByRole('rowheader', { name: 'tooling' }).waitFor();
  expect(await seriousA11yViolations(page), 'workspaces tab').toEqual([]);

  // The last workspace cannot be deleted.
  await page.getByRole('button', { name: 'Delete tooling' }).click();
  await page.getByText('This is your last workspace.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'New workspace' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByText('Name is required').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Reading');
  await page.getByLabel('Slug (optional)', { exact: true }).fill('ab');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByText('Slug must be at least 3 characters').waitFor();
  await page.getByLabel('Slug (optional)', { exact: true }).fill('reading');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await table.getByRole('rowheader', { name: 'Reading' }).waitFor();

  // Update stays disabled until something changes; a new slug keeps the old one as a redirect.
  await page.getByRole('button', { name: 'Edit Reading' }).click();
  const update = page.getByRole('button', { name: 'Update' });
  expect(await update.isDisabled()).toBe(true);
  await page.getByLabel('Slug', { exact: true }).fill('');
  await page.getByLabel('Name', { exact: true }).fill('Reading list');
  await update.click();
  await page.getByText('Slug must be at least 3 characters').waitFor();
  await page.getByLabel('Slug', { exact: true }).fill('reading-list');
  await update.click();
  await table.getByRole('rowheader', { name: 'Reading list' }).waitFor();
  await page.goto(`/${username}/reading`);
  await page.waitForURL(`**/${username}/reading-list`);
  await page.getByRole('heading', { name: 'Reading list', level: 1 }).waitFor();

  // Deleting the current workspace (tooling) needs its exact name and moves to the remaining one.
  await page.goto(`/${username}/tooling`);
  await page.getByRole('heading', { name: 'tooling', level: 1 }).waitFor();
  await page.goto('/settings?tab=workspace');
  await page.getByRole('button', { name: 'Delete tooling' }).click();
  const confirm = page.getByRole('button', { name: 'Delete workspace' });
  await page.getByLabel('Workspace name', { exact: true }).fill('Tooling');
  expect(await confirm.isDisabled()).toBe(true);
  await page.getByLabel('Workspace name', { exact: true }).fill('tooling');
  await confirm.click();
  await page.waitForURL(`**/${username}/reading-list`);
  expect(await page.getByRole('combobox', { name: 'Workspace' }).textContent()).toContain('Reading list');
}, 120_000);

test('settings: members are added, see the list read-only, change role and are removed', async ({
  page,
  browser,
  baseUrl,
}) => {
  const id = uniqueId();
  const owner = `own_${id}`;
  const guest = `gst_${id}`;
  const guestContext = await browser.newContext({ baseURL: baseUrl });
  const guestPage = await guestContext.newPage();
  await registerVerified(guestPage, `e2e-guest-${id}@example.test`);
  await signIn(guestPage, `e2e-guest-${id}@example.test`);
  await onboard(guestPage, guest, 'guest-space');

  await registerVerified(page, `e2e-owner-${id}@example.test`);
  await signIn(page, `e2e-owner-${id}@example.test`);
  await onboard(page, owner, 'team');
  await page.goto('/settings?tab=workspace');
  await page.getByRole('button', { name: 'Members of team' }).click();

  await page.getByLabel('Add member by username', { exact: true }).fill('nobody_here_x');
  await page.getByRole('button', { name: 'Add member' }).click();
  // An unknown username: the API's detail is shown.
  await page.getByRole('alert').getByText('No user has the username "nobody_here_x".').waitFor();

  // The picker suggests users by username prefix; the keyboard alone picks one. Members are not offered.
  const picker = page.getByRole('combobox', { name: 'Add member by username' });
  await picker.fill('');
  await picker.pressSequentially(`own_${id}`);
  const suggestions = page.getByRole('listbox', { name: 'Matching users', includeHidden: true });
  await page.waitForTimeout(600);
  expect(await suggestions.getByRole('option').count()).toBe(0);
  await picker.fill('');
  await picker.pressSequentially(guest.slice(0, -2));
  await suggestions.getByRole('option', { name: `@${guest}` }).waitFor();
  expect(await suggestions.getByRole('option').count()).toBe(1);
  await picker.press('ArrowDown');
  expect(await suggestions.getByRole('option', { name: `@${guest}` }).getAttribute('aria-selected')).toBe(
    'true',
  );
  await picker.press('Enter');
  expect(await picker.inputValue()).toBe(guest);
  await suggestions.waitFor({ state: 'hidden' });
  // Enter took the suggestion; the next Enter submits.
  expect(await page.getByText(`Added ${guest} as viewer`).count()).toBe(0);
  await picker.press('Enter');
  await page.getByText(`Added ${guest} as viewer`).waitFor();
  expect(await picker.inputValue()).toBe('');
  expect(await seriousA11yViolations(page), 'members').toEqual([]);

  // The guest sees the members read-only, with role badges.
  await guestPage.goto('/settings?tab=workspace');
  await guestPage.getByRole('button', { name: 'Members of team' }).click();
  await guestPage.getByText(`@${owner}`).waitFor();
  expect(await guestPage.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  expect(await guestPage.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);

  await page.getByRole('combobox', { name: `Role of ${guest}` }).selectOption('editor');
  const banner = page.getByText('Successfully updated member role to editor');
  await banner.waitFor();
  // The success banner clears after 3000 ms.
  await banner.waitFor({ state: 'detached', timeout: 5000 });

  await page.getByRole('button', { name: `Remove ${guest}` }).click();
  await page.getByRole('button', { name: 'Confirm removal' }).click();
  await page.getByText('Successfully removed member from workspace').waitFor();
  expect(await page.getByText(`@${guest}`).count()).toBe(0);
  await guestContext.close();
}, 120_000);
