// The repository store in the browser: the storage page from the workspaces table, the GitHub App install
// (the local fake GitHub's install page, e2e/global-setup.ts, sends the browser back to the callback with a
// one-time code as GitHub does), choosing, checking and connecting acme/stack, populating, health, disconnect;
// and the callback page's errors, a tampered installation_id among them.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { seriousA11yViolations } from './support/axe.ts';

const CALLBACK = '/callback/workspace_github_storage_update';

test('storage page: install, choose, check, connect, populate, sync, health and disconnect', async ({
  page,
}) => {
  await signUpWithWorkspace(page, 'store', 'stack');
  const api = await CatalogApi.of(page, 'stack');
  const storagePath = `/settings/workspace/${api.workspaceId}/storage`;

  // The Store button of the workspaces table opens the storage page.
  await page.goto('/settings?tab=workspace');
  await page.getByRole('link', { name: /^Store / }).click();
  await page.waitForURL(`**${storagePath}`);
  await page.getByRole('heading', { name: 'Workspace storage' }).waitFor();
  await page.getByTestId('storage-link-state').getByText('Not linked').waitFor();

  // "Install GitHub App" leads to the app's install page with the workspace in `state`.
  const install = page.getByRole('link', { name: 'Install GitHub App' });
  const href = new URL((await install.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe(
    `${inject('githubUrl')}/apps/stackyard-e2e/installations/new`,
  );
  const state = href.searchParams.get('state') ?? '';
  expect(JSON.parse(state)).toEqual({ workspaceId: api.workspaceId });

  // GitHub sends the browser back to the callback with a code; the callback saves the installation once the
  // server has checked the code's user may access it, and returns here.
  await page.route('**/github/installation', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await install.click();
  await page.waitForURL(`**${CALLBACK}?**`);
  const callback = new URL(page.url());
  expect(callback.searchParams.get('installation_id')).toBe('7');
  expect(callback.searchParams.get('code')).toMatch(/^\w+$/);
  expect(callback.searchParams.get('state')).toBe(state);
  await page.getByText('Processing installation...').waitFor();
  await page.waitForURL(`**${storagePath}`);
  await page.unroute('**/github/installation');
  const select = page.getByLabel('GitHub repository', { exact: true });
  await select.locator('option', { hasText: 'acme/stack' }).waitFor({ state: 'attached' });
  await select.selectOption('acme/stack');
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByText('stackyard can reach acme/stack.').waitFor();
  expect(await seriousA11yViolations(page), 'storage page').toEqual([]);

  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('Connected acme/stack.', { exact: false }).waitFor();
  await page.getByTestId('storage-link-state').getByText('Linked').waitFor();

  await page.getByRole('button', { name: 'Populate' }).click();
  await page
    .getByText(/Wrote the workspace to acme\/stack in one commit\.|acme\/stack is already up to date\./)
    .waitFor();
  // The cached health was refreshed after the action: it shows the sync.
  await page.getByTestId('storage-health-state').getByText('Healthy').waitFor();
  expect(await page.getByTestId('storage-last-sync').textContent()).not.toBe('Never');
  expect(await page.getByTestId('storage-last-error').textContent()).toBe('None');

  // A catalog change is synced by itself; Refresh shows it has been.
  await api.createTag('synced');
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.getByRole('button', { name: 'Refresh' }).click();
    const text = (await page.getByTestId('storage-health-state').textContent()) ?? '';
    if (text === 'Healthy') break;
    if (Date.now() > deadline) throw new Error(`the sync did not finish: ${text}`);
    await page.waitForTimeout(300);
  }

  // The AI export files: off by default; switched on with AGENTS.md chosen, the next sync writes it.
  const exportSwitch = page.getByRole('switch', { name: 'Write the AI export files on each sync' });
  expect(await exportSwitch.isChecked()).toBe(false);
  await exportSwitch.check();
  await page.getByLabel('AGENTS.md', { exact: true }).check();
  await page.getByRole('button', { name: 'Save export files' }).click();
  await page
    .getByTestId('storage-export-notice')
    .getByText('Saved. The next sync writes the chosen files.')
    .waitFor();
  await page.reload();
  expect(await page.getByRole('switch', { name: 'Write the AI export files on each sync' }).isChecked()).toBe(
    true,
  );
  expect(await page.getByLabel('AGENTS.md', { exact: true }).isChecked()).toBe(true);
  expect(await seriousA11yViolations(page), 'storage page with export files').toEqual([]);
  await page.screenshot({ path: '/tmp/es-storage-export.png', fullPage: true });

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByText(
      'Disconnected acme/stack. The repository and its files stay on GitHub; stackyard no longer writes to it.',
    )
    .waitFor();
  await page.getByTestId('storage-link-state').getByText('Not linked').waitFor();
  await page.getByTestId('storage-health-state').getByText('Not linked').waitFor();
}, 120_000);

test('installation callback: each error with its debug information', async ({ page }) => {
  await signUpWithWorkspace(page, 'storecb', 'stack');
  const api = await CatalogApi.of(page, 'stack');
  const state = encodeURIComponent(JSON.stringify({ workspaceId: api.workspaceId }));

  await page.goto(`${CALLBACK}?setup_action=install&state=${state}`);
  await page.getByText('Missing installation ID.', { exact: false }).waitFor();
  expect(await page.getByTestId('callback-debug').textContent()).toContain('"setup_action": "install"');

  // A member asked an organization owner to approve the app: nothing to link yet, and that is no error.
  await page.goto(`${CALLBACK}?setup_action=request&state=${state}`);
  await page.getByRole('heading', { name: 'GitHub installation requested' }).waitFor();
  await page.getByRole('link', { name: 'Back to storage settings' }).waitFor();

  await page.goto(`${CALLBACK}?installation_id=7&setup_action=install&state=not-json`);
  await page.getByText('Missing or invalid state.', { exact: false }).waitFor();
  expect(await page.getByTestId('callback-debug').textContent()).toContain('"state": "not-json"');

  await page.goto(`${CALLBACK}?installation_id=7&setup_action=install`);
  await page.getByText('Missing or invalid state.', { exact: false }).waitFor();

  // Someone else's installation: GitHub sent octo back with a code for installation 7, and the URL was changed
  // to name installation 8 of another organization. The server refuses; the page says why.
  const setup = await api.call<{ install_url: string }>('GET', `/workspaces/${api.workspaceId}/store/setup`);
  const redirect = await fetch(setup.install_url, { redirect: 'manual' });
  const tampered = new URL(redirect.headers.get('location') ?? '');
  expect(tampered.searchParams.get('installation_id')).toBe('7');
  tampered.searchParams.set('installation_id', '8');
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/github/installation')) calls++;
  });
  await page.goto(`${CALLBACK}${tampered.search}`);
  await page.getByText('Failed to update the workspace storage with this installation.').waitFor();
  await page
    .getByRole('alert')
    .getByText(
      'Your GitHub account cannot access the GitHub App installation 8, so it cannot be linked to this workspace.',
      { exact: false },
    )
    .waitFor();
  const debug = (await page.getByTestId('callback-debug').textContent()) ?? '';
  expect(debug).toContain('"installation_id": "8"');
  expect(debug).toContain('"code": "received"');
  expect(debug).not.toContain(tampered.searchParams.get('code') ?? 'no code');
  const violations = await seriousA11yViolations(page);
  expect(violations, `callback error: ${violations.join('; ')}`).toEqual([]);
  // The call fired once, even under React's StrictMode.
  expect(calls).toBe(1);

  // A callback without GitHub's authorization code: the server says to install again through GitHub.
  await page.goto(`${CALLBACK}?installation_id=7&setup_action=install&state=${state}`);
  await page
    .getByRole('alert')
    .getByText('This installation did not come back through GitHub’s authorization', { exact: false })
    .waitFor();
  expect(await page.getByTestId('callback-debug').textContent()).toContain('"code": null');
}, 90_000);
