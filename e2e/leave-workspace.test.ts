// Leaving a workspace from Settings → Workspaces: a member leaves and loses it; its owner is told to hand it
// over or delete it instead.
import { CatalogApi, signUpInNewContext, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

test('a member leaves a workspace from the settings; the owner is told to hand it over or delete it', async ({
  page,
  browser,
  baseUrl,
}) => {
  const owner = await signUpWithWorkspace(page, 'lvown', 'crew');
  const member = await signUpInNewContext(browser, baseUrl, 'lvmem', 'home');
  try {
    const crew = await CatalogApi.of(page, 'crew');
    await crew.call('POST', `/workspaces/${crew.workspaceId}/members`, {
      username: member.username,
      role: 'editor',
    });

    const settings = member.page;
    await settings.goto('/settings?tab=workspace');
    await settings.getByRole('button', { name: 'Leave crew' }).click();
    const card = settings.getByRole('heading', { name: 'Leave crew' }).locator('..');
    await card
      .getByText('You will no longer see its tools, resources and projects.', { exact: false })
      .waitFor();
    await card.getByRole('button', { name: 'Leave workspace' }).click();
    await settings.getByRole('button', { name: 'Leave crew' }).waitFor({ state: 'detached' });
    expect(await settings.getByRole('row').filter({ hasText: 'crew' }).count()).toBe(0);
    // The workspace is gone for them: its address is not one of theirs any more.
    await settings.goto(`/${owner}/crew`);
    await settings.getByRole('heading', { name: '404 - Not Found' }).waitFor();

    // Their own workspace: they own it, so they are told how to let it go instead.
    await settings.goto('/settings?tab=workspace');
    await settings.getByRole('button', { name: 'Leave home' }).click();
    const own = settings.getByRole('heading', { name: 'Leave home' }).locator('..');
    await own
      .getByText(
        'You own this workspace, so you cannot leave it. Hand it over to another member first (Members, then Transfer ownership), or delete it.',
      )
      .waitFor();
    expect(await own.getByRole('button', { name: 'Leave workspace' }).count()).toBe(0);
    await own.getByRole('button', { name: 'Members' }).click();
    await settings.getByRole('heading', { name: /Members of home/ }).waitFor();
  } finally {
    await member.context.close();
  }
}, 90_000);
