import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

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
  // The ingestions page, empty, for both kinds (the resources one adds the bookmarks import).
  await page.goto(`/a11y_${id}/tooling/tool-ingestions`);
  await page.getByRole('heading', { name: 'No submissions yet' }).waitFor();
  expect(await seriousA11yViolations(page), 'tool ingestions').toEqual([]);
  await page.goto(`/a11y_${id}/tooling/tool-ingestions?kind=resource`);
  await page.getByRole('heading', { name: 'Import bookmarks' }).waitFor();
  await page.getByRole('heading', { name: 'No submissions yet' }).waitFor();
  expect(await seriousA11yViolations(page), 'resource ingestions').toEqual([]);
  await page.goto(`/a11y_${id}/tooling`);
  await page.getByRole('heading', { name: 'Tooling', level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Workspace' }).click();
  await page.getByPlaceholder('Search workspaces...').waitFor();
  expect(await seriousA11yViolations(page), 'workspace switcher').toEqual([]);
}, 60_000);

test('the workspace screens with real data have no serious or critical axe violations, wide and narrow', async ({
  page,
  browser,
  baseUrl,
}) => {
  const origin = inject('fixtureOrigin');
  const guestContext = await browser.newContext({ baseURL: baseUrl });
  const guest = await signUpWithWorkspace(await guestContext.newPage(), 'a11yg', 'guest');
  await guestContext.close();
  const username = await signUpWithWorkspace(page, 'a11yw', 'bench');
  const api = await CatalogApi.of(page, 'bench');
  await api.ingestTool(`${origin}/tool`);
  await api.ingestTool(`${origin}/challenge/cloudflare-200`, 'quarantined');
  const project = await api.createProject('Launch');
  const tag = await api.createTag('frontend');
  await api.call('PUT', `/projects/${project.id}/tags/${tag.id}`);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const at = (what: string) => `${what} at ${width}px`;

    await page.goto(`/${username}/bench`);
    await page.getByRole('region', { name: 'Recent tools' }).getByRole('link', { name: 'Rocket' }).waitFor();
    expect(await seriousA11yViolations(page), at('dashboard')).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth'), at('dashboard width')).toBe(
      width,
    );

    await page.keyboard.press('Control+k');
    await page.keyboard.type('rocket');
    await page
      .getByRole('dialog', { name: 'Command palette' })
      .getByRole('option', { name: /rocket/i })
      .waitFor();
    expect(await seriousA11yViolations(page), at('command palette with results')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(`/${username}/bench/tools`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Rocket/ })
      .waitFor();
    expect(await seriousA11yViolations(page), at('tools list')).toEqual([]);

    await page.goto(`/${username}/bench/tools/rocket`);
    await page.getByRole('heading', { level: 1, name: 'rocket' }).waitFor();
    expect(await seriousA11yViolations(page), at('tool detail')).toEqual([]);

    await page.goto(`/${username}/bench/projects/${project.slug}`);
    await page.getByRole('button', { name: 'Edit tags' }).click();
    await page.getByRole('button', { name: 'Edit tag frontend' }).click();
    expect(await seriousA11yViolations(page), at('tag editor')).toEqual([]);
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename project' }).waitFor();
    expect(await seriousA11yViolations(page), at('rename dialog')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/settings?tab=workspace');
    await page.getByRole('button', { name: 'Members of bench' }).click();
    await page
      .getByRole('combobox', { name: 'Add member by username' })
      .pressSequentially(guest.slice(0, -1));
    await page.getByRole('listbox', { name: 'Matching users' }).getByRole('option').first().waitFor();
    expect(await seriousA11yViolations(page), at('member picker')).toEqual([]);
  }
}, 120_000);
