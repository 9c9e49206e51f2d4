// The tag pickers search the workspace's tags on the server as the user types: a tag past the first page of
// the list (50 by name) is found and put on a project, and found and saved with a link on the save page.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

test('the tag picker finds a tag beyond the first page by searching, and shows more on request', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'tagpick', 'shelf');
  const api = await CatalogApi.of(page, 'shelf');
  await api.createProject('Atlas');
  // 60 tags that sort before the one wanted, so it is not among the first 50.
  for (let index = 0; index < 60; index++) await api.createTag(`bulk ${String(index).padStart(2, '0')}`);
  await api.createTag('zeppelin');

  await page.goto(`/${username}/shelf/projects/atlas`);
  await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();
  await page.getByRole('button', { name: 'Edit tags' }).click();
  const choices = page.getByRole('group', { name: 'Workspace tags' });
  await choices.getByLabel('bulk 00', { exact: true }).waitFor();
  expect(await choices.getByRole('checkbox').count()).toBe(50);
  expect(await choices.getByLabel('zeppelin', { exact: true }).count()).toBe(0);

  const searched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/tags' && url.searchParams.has('q'))
      searched.push(url.searchParams.get('q') ?? '');
  });
  await page.getByLabel('Search tags', { exact: true }).pressSequentially('zepp', { delay: 20 });
  await choices.getByLabel('zeppelin', { exact: true }).check();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('zeppelin').waitFor();
  expect(await choices.getByRole('checkbox').count()).toBe(1);
  // Debounced: the server is asked for the text once typing pauses, not for every key.
  expect(searched).toContain('zepp');
  expect(searched.length).toBeLessThan(4);

  await page.getByLabel('Search tags', { exact: true }).fill('nothing like it');
  await page.getByText('No tags match “nothing like it”.').waitFor();

  await page.getByLabel('Search tags', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Show more tags' }).click();
  await choices.getByLabel('zeppelin', { exact: true }).waitFor();
  expect(await choices.getByRole('checkbox').count()).toBe(61);
  expect(await page.getByRole('button', { name: 'Show more tags' }).count()).toBe(0);
  expect(await seriousA11yViolations(page), 'tag picker').toEqual([]);
}, 120_000);

test('the save page finds a tag beyond the first page by searching, and the link is saved with it', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'tagsave', 'shelf');
  const api = await CatalogApi.of(page, 'shelf');
  for (let index = 0; index < 60; index++) await api.createTag(`bulk ${String(index).padStart(2, '0')}`);
  await api.createTag('zeppelin');
  const url = `${inject('fixtureOrigin')}/tool`;

  await page.goto(`/save?url=${encodeURIComponent(url)}`);
  await page.getByRole('heading', { name: 'Save to stackyard' }).waitFor();
  const choices = page.getByRole('group', { name: 'Tags', exact: true });
  await choices.getByLabel('bulk 00', { exact: true }).waitFor();
  expect(await choices.getByRole('checkbox').count()).toBe(50);
  expect(await choices.getByLabel('zeppelin', { exact: true }).count()).toBe(0);
  await choices.getByRole('button', { name: 'Show more tags' }).waitFor();

  await page.getByLabel('Search tags', { exact: true }).pressSequentially('zepp', { delay: 20 });
  await choices.getByLabel('zeppelin', { exact: true }).check();
  expect(await choices.getByRole('checkbox').count()).toBe(1);
  expect(await seriousA11yViolations(page), 'save page tag search').toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { name: 'Saved to shelf' }).waitFor();

  await page.getByRole('link', { name: 'Follow it in Ingestions' }).click();
  await page.waitForURL(`**/${username}/shelf/tool-ingestions?kind=tool`);
  const card = page.getByRole('article', { name: url, exact: true });
  await card.getByText('Added', { exact: true }).waitFor({ timeout: 20_000 });
  await card.getByRole('link', { name: /^Open / }).click();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('zeppelin').waitFor();
}, 120_000);
