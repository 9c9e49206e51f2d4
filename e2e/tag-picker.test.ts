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
  const field = page.getByRole('combobox', { name: 'Add a tag', exact: true });
  await field.click();
  const offered = page.getByRole('listbox', { name: 'Add a tag: matching tags' });
  await offered.getByRole('option', { name: 'bulk 00', exact: true }).waitFor();
  // The first page of 50, then the option to load more.
  expect(await offered.getByRole('option').count()).toBe(51);
  expect(await offered.getByRole('option', { name: 'zeppelin', exact: true }).count()).toBe(0);

  const searched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/tags' && url.searchParams.has('q'))
      searched.push(url.searchParams.get('q') ?? '');
  });
  await field.pressSequentially('zepp', { delay: 20 });
  await offered.getByRole('option', { name: 'zeppelin', exact: true }).click();
  const onItem = page.getByRole('list', { name: 'Tags', exact: true });
  await onItem.getByText('zeppelin').waitFor();
  // Debounced: the server is asked for the text once typing pauses, not for every key.
  expect(searched).toContain('zepp');
  expect(searched.length).toBeLessThan(4);

  // A name no tag has is offered as a new tag, which Enter makes and puts on the project.
  await field.fill('nothing like it');
  await offered.getByRole('option', { name: 'Create tag “nothing like it”' }).waitFor();
  await page.keyboard.press('Enter');
  await onItem.getByText('nothing like it').waitFor();
  await onItem.getByRole('button', { name: 'Remove tag nothing like it' }).click();
  await expect.poll(() => onItem.getByText('nothing like it').count()).toBe(0);

  await field.fill('');
  await offered.getByRole('option', { name: 'Show more tags' }).click();
  await offered.getByRole('option', { name: 'bulk 59', exact: true }).waitFor();
  // All 62 tags but the one on the project.
  expect(await offered.getByRole('option').count()).toBe(61);
  expect(await offered.getByRole('option', { name: 'Show more tags' }).count()).toBe(0);
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
  const field = page.getByRole('combobox', { name: 'Tags', exact: true });
  await field.click();
  const offered = page.getByRole('listbox', { name: 'Tags: matching tags' });
  await offered.getByRole('option', { name: 'bulk 00', exact: true }).waitFor();
  expect(await offered.getByRole('option').count()).toBe(51);
  expect(await offered.getByRole('option', { name: 'zeppelin', exact: true }).count()).toBe(0);
  await offered.getByRole('option', { name: 'Show more tags' }).waitFor();

  // Enter takes the match, and does not save the link.
  await field.pressSequentially('zepp', { delay: 20 });
  await offered.getByRole('option', { name: 'zeppelin', exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Chosen tags' }).getByText('zeppelin').waitFor();
  await field.fill('nothing like it');
  await page.getByText('No tags match “nothing like it”.').waitFor();
  expect(await seriousA11yViolations(page), 'save page tag search').toEqual([]);
  await field.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { name: 'Saved to shelf' }).waitFor();

  await page.getByRole('link', { name: 'Follow it in Ingestions' }).click();
  await page.waitForURL(`**/${username}/shelf/tool-ingestions?kind=tool`);
  const card = page.getByRole('article', { name: url, exact: true });
  await card.getByText('Added', { exact: true }).waitFor({ timeout: 20_000 });
  await card.getByRole('link', { name: /^Open / }).click();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('zeppelin').waitFor();
}, 120_000);
