import { readFile } from 'node:fs/promises';
import { accountExportSchema } from '@stackyard/contracts/account';
import { expect, test } from './support/fixtures.ts';
import { fillCredentials, onboard, registerVerified, signIn, uniqueId } from './support/accounts.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi } from './support/catalog-api.ts';

const shots = process.env.ACCOUNT_SCREENSHOTS;

test('account data: export, transfer ownership, deletion refused then done', async ({
  page,
  browser,
  baseUrl,
}) => {
  const id = uniqueId();
  const owner = `acc_${id}`;
  const friend = `fr_${id}`;
  const ownerEmail = `e2e-acc-${id}@example.test`;

  const friendContext = await browser.newContext({ baseURL: baseUrl });
  const friendPage = await friendContext.newPage();
  await registerVerified(friendPage, `e2e-fr-${id}@example.test`);
  await signIn(friendPage, `e2e-fr-${id}@example.test`);
  await onboard(friendPage, friend, 'friend-space');

  await registerVerified(page, ownerEmail);
  await signIn(page, ownerEmail);
  await onboard(page, owner, 'team');

  // The owner's workspace, shared with the friend, with a tag, a project and a comment on it.
  const team = await CatalogApi.of(page, 'team');
  await team.call('POST', `/workspaces/${team.workspaceId}/members`, { username: friend, role: 'editor' });
  await team.call('POST', '/tags', { workspace_id: team.workspaceId, tag_name: 'infra', color: '#3b82f6' });
  const project = await team.call<{ id: string }>('POST', '/projects', {
    workspace_id: team.workspaceId,
    metadata: { name: 'Launch site' },
  });
  await team.call('POST', `/projects/${project.id}/comments`, { content: 'Ship it Friday' });
  // The friend's workspace, where the owner writes a comment too.
  const theirs = await CatalogApi.of(friendPage, 'friend-space');
  await theirs.call('POST', `/workspaces/${theirs.workspaceId}/members`, { username: owner, role: 'viewer' });
  const theirProject = await theirs.call<{ id: string }>('POST', '/projects', {
    workspace_id: theirs.workspaceId,
    metadata: { name: 'Their plan' },
  });
  await team.call('POST', `/projects/${theirProject.id}/comments`, { content: 'Count me in' });

  await page.goto('/settings?tab=account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stackyard-export-\d{4}-\d{2}-\d{2}\.json$/);
  const archive = accountExportSchema.parse(JSON.parse(await readFile(await download.path(), 'utf8')));
  expect(archive.profile).toMatchObject({ current_username: owner, email: ownerEmail });
  expect(archive.owned_workspaces.map((owned) => owned.workspace.slug)).toEqual(['team']);
  const [owned] = archive.owned_workspaces;
  expect(owned?.members.map((member) => member.username).sort()).toEqual([owner, friend].sort());
  expect(owned?.tags.map((tag) => tag.name)).toEqual(['infra']);
  expect(owned?.projects.map((item) => item.name)).toEqual(['Launch site']);
  expect(owned?.comments.map((comment) => comment.content)).toEqual(['Ship it Friday']);
  expect(archive.comments_elsewhere).toEqual([
    expect.objectContaining({
      content: 'Count me in',
      workspace: { id: theirs.workspaceId, name: 'friend-space' },
      on: { kind: 'project', id: theirProject.id, title: 'Their plan' },
    }),
  ]);

  // Deleting is refused while the shared workspace is the owner's; the dialog links to its members.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByText('You own workspaces that other people are members of.').waitFor();
  expect(await seriousA11yViolations(page), 'deletion refused').toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/refused.png` });
  await dialog.getByRole('link', { name: 'Members of team' }).click();
  await page.waitForURL(`**/settings?tab=workspace&members=${team.workspaceId}`);
  await page.getByRole('heading', { name: 'Members of team' }).waitFor();

  await page.getByRole('button', { name: `Transfer ownership to ${friend}` }).click();
  const confirm = page.getByRole('dialog', { name: `Transfer team to ${friend}?` });
  if (shots) await page.screenshot({ path: `${shots}/transfer.png` });
  await confirm.getByRole('button', { name: 'Transfer ownership' }).click();
  await page.getByText(`Transferred ownership to ${friend}`).waitFor();
  // The old owner is an admin now: no more transfer, and no Delete for the workspace.
  await page.getByRole('button', { name: `Transfer ownership to ${friend}` }).waitFor({ state: 'detached' });
  expect(await page.getByRole('button', { name: 'Delete team' }).count()).toBe(0);
  expect(await page.getByRole('table').getByRole('row', { name: /team/ }).textContent()).toContain('Admin');

  // Now deletion goes ahead, after typing the username.
  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const deletion = page.getByRole('dialog', { name: 'Delete your account?' });
  const typed = deletion.getByLabel(`Type ${owner} to confirm`);
  await typed.waitFor();
  const submit = deletion.getByRole('button', { name: 'Delete my account' });
  await typed.fill(`${owner}x`);
  expect(await submit.isDisabled()).toBe(true);
  await typed.fill(owner);
  if (shots) await page.screenshot({ path: `${shots}/confirm.png` });
  await submit.click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'What is the product?' }).waitFor();

  // The account is gone: its password no longer signs in, and the friend now owns "team".
  await page.goto('/login');
  await fillCredentials(page, ownerEmail, 'Quiet-Harbor-Lantern-73');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText(/credentials are invalid/).waitFor();
  const friendWorkspaces = await theirs.call<Array<{ slug: string; is_owner: boolean }>>(
    'GET',
    '/workspaces',
  );
  expect(friendWorkspaces.find((workspace) => workspace.slug === 'team')?.is_owner).toBe(true);
  await friendContext.close();
}, 120_000);
