// Changing a username keeps the old addresses: a page under the old name redirects to the same page under
// the new one, and someone else cannot take the old name while it stays reserved (they are told for how
// long); its owner can take it back.
import { USERNAME_RESERVED_DAYS } from '@stackyard/contracts/profile';
import { onboard, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const RESERVED =
  'Username is not available: another user changed it recently, and a username stays reserved for its ' +
  `previous owner for ${USERNAME_RESERVED_DAYS} days after they change it.`;

test('after a username change the old address redirects, and the old name stays reserved', async ({
  page,
  browser,
  baseUrl,
}) => {
  const id = uniqueId();
  const oldName = `old_${id}`;
  const newName = `new_${id}`;
  const email = `rename-${id}@example.test`;
  await registerVerified(page, email);
  await signIn(page, email);
  await onboard(page, oldName, 'stack');

  await page.goto('/settings?tab=profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('button', { name: 'Change username' }).click();
  await page.getByLabel('New username', { exact: true }).fill(newName);
  await page.getByText('Username is available').waitFor();
  await page.getByRole('button', { name: 'Save username' }).click();
  await page.getByText('Username updated successfully!').waitFor();

  // A bookmarked page under the old name: the same page under the new one.
  await page.goto(`/${oldName}/stack/tools`);
  await page.waitForURL(`**/${newName}/stack/tools`);
  expect(new URL(page.url()).pathname).toBe(`/${newName}/stack/tools`);
  await page.goto(`/${oldName}/stack`);
  await page.waitForURL((url) => url.pathname === `/${newName}/stack`);

  // Someone else cannot take the old name, and is told why and for how long.
  const other = await browser.newContext({ baseURL: baseUrl });
  try {
    const otherPage = await other.newPage();
    const otherEmail = `claimer-${id}@example.test`;
    await registerVerified(otherPage, otherEmail);
    await signIn(otherPage, otherEmail);
    await otherPage.waitForURL('**/onboarding');
    await otherPage.getByLabel('Username', { exact: true }).fill(oldName);
    await otherPage.getByRole('button', { name: 'Continue' }).click();
    await otherPage.getByText(RESERVED, { exact: true }).waitFor();
    await otherPage.getByText('Failed to create username. Please try again.').waitFor();
  } finally {
    await other.close();
  }

  // Its owner can take it back; the new name's addresses then redirect to it in turn.
  await page.goto('/settings?tab=profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('button', { name: 'Change username' }).click();
  await page.getByLabel('New username', { exact: true }).fill(oldName);
  await page.getByText('Username is available').waitFor();
  await page.getByRole('button', { name: 'Save username' }).click();
  await page.getByText('Username updated successfully!').waitFor();
  await page.goto(`/${newName}/stack/tools`);
  await page.waitForURL(`**/${oldName}/stack/tools`);
}, 90_000);
