// Suggested tags show as chips under an item's tags: accepting one puts a workspace tag on, or creates the
// suggested name first; an accepted chip leaves the suggestions. With the workspace's "Apply suggested tags"
// on, ingestion puts them on by itself.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

test('a tool page suggests a workspace tag, and accepting the chip puts it on the tool', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'tagsug', 'yard');
  const api = await CatalogApi.of(page, 'yard');
  await api.createTag('Static Sites');
  await api.createTag('Databases');
  // The fixture's Rocket "builds & ships static sites in milliseconds".
  await api.ingestTool(`${inject('fixtureOrigin')}/tool`);

  await page.goto(`/${username}/yard/tools/rocket`);
  await page.getByRole('heading', { level: 1, name: 'rocket' }).waitFor();
  const suggested = page.getByRole('list', { name: 'Suggested tags' });
  const chip = suggested.getByRole('button', { name: 'Add suggested tag Static Sites (existing tag)' });
  await chip.waitFor({ timeout: 20_000 });
  expect(await suggested.getByRole('button', { name: /Databases/ }).count()).toBe(0);
  expect(await seriousA11yViolations(page), 'suggested tags').toEqual([]);

  await chip.click();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('Static Sites').waitFor();
  await chip.waitFor({ state: 'detached' });
}, 120_000);

test('a resource page suggests a new tag; accepting it creates the tag and puts it on', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'tagnew', 'reads');
  const api = await CatalogApi.of(page, 'reads');
  // The fixture's article is about static hosting: "hosting" is a word of the taxonomy's deployment category.
  const submission = await api.ingestResource(`${inject('fixtureOrigin')}/article`);

  await page.goto(`/${username}/reads/resources/${submission.resource_id}`);
  const chip = page
    .getByRole('list', { name: 'Suggested tags' })
    .getByRole('button', { name: 'Add suggested tag deployment (taxonomy)' });
  await chip.waitFor({ timeout: 20_000 });
  await chip.click();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('deployment').waitFor();
  const tags = await api.call<Array<{ tag_name: string }>>('GET', `/tags?workspace_id=${api.workspaceId}`);
  expect(tags.map((tag) => tag.tag_name)).toEqual(['deployment']);
}, 120_000);

test('with "Apply suggested tags" on in settings, a tool saved afterwards arrives with its suggested tags', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'tagapply', 'auto');
  const api = await CatalogApi.of(page, 'auto');
  await api.createTag('Static Sites');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Edit auto' }).click();
  const apply = page.getByRole('checkbox', { name: /^Apply suggested tags/ });
  // The box shows the saved setting, so it turns checked when the server has answered, not at the click.
  await apply.click();
  await expect.poll(() => apply.isChecked()).toBe(true);
  await expect
    .poll(() =>
      api.call<{ apply_suggested_tags: boolean }>(
        'GET',
        `/workspaces/${api.workspaceId}/tag-suggestion-settings`,
      ),
    )
    .toEqual({ workspace_id: api.workspaceId, apply_suggested_tags: true });
  expect(await seriousA11yViolations(page), 'tag suggestion setting').toEqual([]);

  await api.ingestTool(`${inject('fixtureOrigin')}/tool`);
  await page.goto(`/${username}/auto/tools/rocket`);
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('Static Sites').waitFor();
}, 120_000);
