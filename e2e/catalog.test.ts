// The catalog pages: projects (list, create dialog, detail with tags and comments), tools and
// resources (empty lists, not-found texts), and the load-error and not-found states.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, serverError, signUpInNewContext, signUpWithWorkspace } from './support/catalog-api.ts';
import { createTagInPicker } from './support/tag-picker.ts';

test('projects: empty list, create dialog, detail with tags and comments, not found and load error', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'proj', 'catalog');

  await page.getByRole('link', { name: 'Projects' }).click();
  await page.waitForURL(`**/${username}/catalog/projects`);
  await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
  expect(await seriousA11yViolations(page), 'empty projects list').toEqual([]);

  // The dialog checks the name, then creates the project and opens it.
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await dialog.getByText('Name is required').waitFor();
  await dialog.getByLabel('Name', { exact: true }).fill('Launch Site');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await page.waitForURL(`**/${username}/catalog/projects/launch-site`);
  await page.getByRole('heading', { level: 1, name: 'Launch Site' }).waitFor();
  await page.getByText('launch-site', { exact: true }).waitFor();
  // Created just now, the full date on hover.
  const created = page.locator('dd time');
  expect(await created.textContent()).toBe('just now');
  expect(await created.getAttribute('title')).toContain(String(new Date().getUTCFullYear()));
  await page.getByText('This project uses no tools yet.').waitFor();
  await page.getByText('No tags.').waitFor();
  await page.getByText('No comments yet.').waitFor();

  // Tags picker: create a tag, which goes straight onto the project; take it off, and put it back by keyboard.
  await page.getByRole('button', { name: 'Edit tags' }).click();
  await page.getByRole('combobox', { name: 'Add a tag', exact: true }).click();
  await page.getByText('This workspace has no tags yet.').waitFor();
  await createTagInPicker(page, 'frontend');
  await page.getByRole('button', { name: 'Remove tag frontend' }).click();
  await page.getByText('No tags.').waitFor();
  await page.getByRole('combobox', { name: 'Add a tag', exact: true }).pressSequentially('front');
  await page.getByRole('option', { name: 'frontend', exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('frontend').waitFor();
  await page.getByRole('button', { name: 'Done' }).click();

  // Comments: post, then delete one's own.
  await page.getByLabel('Add a comment', { exact: true }).fill('Ship it on Friday.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByText('Ship it on Friday.').waitFor();
  await page.getByRole('listitem').getByText(username, { exact: true }).waitFor();
  expect(await seriousA11yViolations(page), 'project detail').toEqual([]);
  await page.getByRole('button', { name: `Edit comment by ${username}` }).click();
  await page.getByLabel('Edit comment', { exact: true }).fill('Ship it on Monday.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Ship it on Monday.').waitFor();
  await page.getByText('edited', { exact: false }).waitFor();
  await page.getByRole('button', { name: `Delete comment by ${username}` }).click();
  await page.getByText('No comments yet.').waitFor();

  // The list shows the project and leads back to it.
  await page.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name: /Launch Site/ }).click();
  await page.waitForURL(`**/${username}/catalog/projects/launch-site`);
  await page.getByRole('heading', { level: 1, name: 'Launch Site' }).waitFor();

  await page.goto(`/${username}/catalog/projects/no-such-project`);
  await page.getByRole('heading', { name: 'Project not found' }).waitFor();

  // 'Loading project...' while it loads, 'Error loading project: {message}' when it fails.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/projects/workspace/**', async (route) => {
    await held;
    await route.fulfill(serverError);
  });
  await page.goto(`/${username}/catalog/projects/launch-site`);
  await page.getByText('Loading project...').waitFor();
  release();
  await page.getByText('Error loading project: Database down').waitFor();
});

test('tools: empty list leads to adding a tool; unknown slug is "Tool not found"; list load error', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'tool', 'stack');

  await page.getByRole('link', { name: 'Tools' }).click();
  await page.waitForURL(`**/${username}/stack/tools`);
  await page.getByRole('heading', { name: 'No tools yet' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('recent');
  expect(await seriousA11yViolations(page), 'empty tools list').toEqual([]);
  await page.getByRole('link', { name: 'Add your first tool' }).click();
  await page.waitForURL(`**/${username}/stack/tool-ingestions`);

  // A search with no hits says so.
  await page.goto(`/${username}/stack/tools`);
  await page.getByLabel('Search tools', { exact: true }).fill('kubernetes');
  await page.getByText('No tools match “kubernetes”.').waitFor();

  await page.goto(`/${username}/stack/tools/no-such-tool`);
  await page.getByRole('heading', { name: 'Tool not found' }).waitFor();

  await page.route('**/api/v1/tools?**', (route) => route.fulfill(serverError));
  await page.goto(`/${username}/stack/tools`);
  await page.getByText('Error loading tools: Database down').waitFor();
});

test('resources: empty list, "Resource not found", "Workspace not found", load error', async ({ page }) => {
  const username = await signUpWithWorkspace(page, 'res', 'reading');

  await page.getByRole('link', { name: 'Resources' }).click();
  await page.waitForURL(`**/${username}/reading/resources`);
  await page.getByRole('heading', { name: 'No resources yet' }).waitFor();
  expect(await seriousA11yViolations(page), 'empty resources list').toEqual([]);

  await page.goto(`/${username}/reading/resources/7f1d0c3e-2b4a-4c5d-9e6f-0a1b2c3d4e5f`);
  await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
  await page.goto(`/${username}/reading/resources/not-an-id`);
  await page.getByRole('heading', { name: 'Resource not found' }).waitFor();

  await page.goto(`/${username}/no-such-workspace/resources/7f1d0c3e-2b4a-4c5d-9e6f-0a1b2c3d4e5f`);
  await page.getByRole('heading', { name: 'Workspace not found' }).waitFor();
  await page.goto(`/${username}/no-such-workspace/projects`);
  await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();

  await page.route('**/api/v1/resources/workspace/**', (route) => route.fulfill(serverError));
  await page.goto(`/${username}/reading/resources`);
  await page.getByText('Error loading resources: Database down').waitFor();
});

test('a viewer reads projects and comments, but neither creates projects nor edits tags', async ({
  page,
  browser,
  baseUrl,
}) => {
  const viewer = await signUpInNewContext(browser, baseUrl, 'view', 'own-space');
  const owner = await signUpWithWorkspace(page, 'boss', 'team');

  await page.goto(`/${owner}/team/projects`);
  await page.getByRole('button', { name: 'New Project' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Roadmap');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await page.waitForURL(`**/${owner}/team/projects/roadmap`);
  await page.getByLabel('Add a comment', { exact: true }).fill('Owner note');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByText('Owner note').waitFor();

  await page.goto('/settings?tab=workspace');
  await page.getByRole('button', { name: 'Members of team' }).click();
  await page.getByLabel('Add member by username', { exact: true }).fill(viewer.username);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByText(`Added ${viewer.username} as viewer`).waitFor();

  await viewer.page.goto(`/${owner}/team/projects`);
  await viewer.page.getByRole('link', { name: /Roadmap/ }).waitFor();
  expect(await viewer.page.getByRole('button', { name: 'New Project' }).count()).toBe(0);
  await viewer.page.getByRole('link', { name: /Roadmap/ }).click();
  await viewer.page.getByText('Owner note').waitFor();
  expect(await viewer.page.getByRole('button', { name: 'Edit tags' }).count()).toBe(0);
  expect(await viewer.page.getByRole('button', { name: `Delete comment by ${owner}` }).count()).toBe(0);
  await viewer.page.getByLabel('Add a comment', { exact: true }).fill('Viewer question');
  await viewer.page.getByRole('button', { name: 'Post Comment' }).click();
  await viewer.page.getByRole('button', { name: `Delete comment by ${viewer.username}` }).waitFor();

  // The owner may delete anyone's comment, but edits only their own.
  await page.goto(`/${owner}/team/projects/roadmap`);
  await page.getByText('Viewer question').waitFor();
  expect(await page.getByRole('button', { name: `Edit comment by ${viewer.username}` }).count()).toBe(0);
  await page.getByRole('button', { name: `Delete comment by ${viewer.username}` }).click();
  await page.getByText('Viewer question').waitFor({ state: 'detached' });

  // Editors and admins delete a project after a confirmation, and land on the projects list.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Roadmap?' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Project' }).click();
  await page.waitForURL((url) => url.pathname === `/${owner}/team/projects`);
  await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
  expect(await viewer.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  await viewer.context.close();
}, 90_000);

test('tools with real data: search, tag filter, sort, load more, detail, rating, tags, comments, delete', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'kit', 'kit');
  const api = await CatalogApi.of(page, 'kit');
  // Ingested one after the other from the fixture web server: Rocket, Nebula, Quasar, Orbit.
  const ids: Record<string, string> = {};
  for (const [name, path] of [
    ['rocket', '/tool'],
    ['nebula', '/json-ld'],
    ['quasar', '/bare'],
    ['orbit', '/base-href'],
  ] as const) {
    const submission = await api.ingestTool(`${origin}${path}`);
    if (!submission.workspace_tool_id) throw new Error(`${path} made no tool`);
    ids[name] = submission.workspace_tool_id;
  }
  const favourite = await api.createTag('favourite', '#e11d48');
  for (const name of ['rocket', 'quasar']) {
    await api.call('PUT', `/tools/workspace/${ids[name]}/tags/${favourite.id}`);
  }
  await api.call('PUT', `/tools/workspace/${ids.quasar}`, { context: { rating: 5 } });
  await api.call('PUT', `/tools/workspace/${ids.rocket}`, { context: { rating: 3 } });

  await page.getByRole('link', { name: 'Tools' }).click();
  await page.waitForURL(`**/${username}/kit/tools`);
  const cards = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });
  const names = async () => (await cards.allInnerTexts()).map((text) => text.toLowerCase());
  await cards.first().waitFor();
  expect(await names()).toEqual(['orbit', 'quasar', 'nebula', 'rocket']);
  expect(await seriousA11yViolations(page), 'tools list').toEqual([]);

  const sort = page.getByRole('combobox', { name: 'Sort' });
  await sort.selectOption('name');
  await expect.poll(names).toEqual(['nebula', 'orbit', 'quasar', 'rocket']);
  await sort.selectOption('rating');
  await expect.poll(async () => (await names()).slice(0, 2)).toEqual(['quasar', 'rocket']);
  await page.getByRole('main').getByRole('img', { name: 'Rated 5 out of 5' }).waitFor();

  await page.getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'favourite' });
  await expect.poll(names).toEqual(['quasar', 'rocket']);
  await page.getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'All tags' });
  await expect.poll(async () => (await names()).length).toBe(4);

  // Full-text search finds a tool by what ingestion extracted.
  await page.getByLabel('Search tools', { exact: true }).fill('clusters');
  await page
    .getByRole('main')
    .getByRole('link', { name: /nebula/i })
    .waitFor();
  await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(1);
  await page
    .getByRole('main')
    .getByRole('listitem')
    .locator('mark', { hasText: /clusters/i })
    .waitFor();
  await page.getByLabel('Search tools', { exact: true }).fill('');

  // Pages of 3 instead of 24 (same server, same cursors): "Load more" fetches the rest, then disappears.
  await page.route('**/api/v1/tools?**', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '3');
    return route.continue({ url: url.toString() });
  });
  await page.reload();
  await cards.first().waitFor();
  expect(await names()).toEqual(['orbit', 'quasar', 'nebula']);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(names).toEqual(['orbit', 'quasar', 'nebula', 'rocket']);
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  await page.unroute('**/api/v1/tools?**');

  // Detail: slug as title, the submitted URL, links, rating, tags and comments.
  await page
    .getByRole('main')
    .getByRole('link', { name: /rocket/i })
    .click();
  await page.waitForURL(`**/${username}/kit/tools/rocket`);
  await page.getByRole('heading', { level: 1, name: 'rocket' }).waitFor();
  await page.getByText(`${origin}/tool`).first().waitFor();
  await page.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'Homepage' }).waitFor();
  // An editor's stars are a radio group: the checked star is the rating.
  await page.getByRole('radio', { name: '3 stars', checked: true }).waitFor();
  await page.getByRole('combobox', { name: 'Rating' }).selectOption('4');
  await page.getByRole('radio', { name: '4 stars', checked: true }).waitFor();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('favourite').waitFor();
  await page.getByLabel('Add a comment', { exact: true }).fill('Fast builds.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByText('Fast builds.').waitFor();
  expect(await seriousA11yViolations(page), 'tool detail').toEqual([]);

  // Delete asks first, then lands on the list without the tool.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete rocket?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete Tool' }).click();
  await page.waitForURL((url) => url.pathname === `/${username}/kit/tools`);
  await expect.poll(names).toEqual(['orbit', 'quasar', 'nebula']);
  await page.goto(`/${username}/kit/tools/rocket`);
  await page.getByRole('heading', { name: 'Tool not found' }).waitFor();
}, 120_000);

test('project rename moves its address; tags are renamed and deleted after a confirmation', async ({
  page,
}) => {
  const username = await signUpWithWorkspace(page, 'ren', 'studio');
  const api = await CatalogApi.of(page, 'studio');
  await api.createProject('Alpha');
  await page.goto(`/${username}/studio/projects/alpha`);
  await page.getByRole('heading', { level: 1, name: 'Alpha' }).waitFor();

  await page.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename project' });
  const save = dialog.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await dialog.getByLabel('Name', { exact: true }).fill('Beta Site');
  await dialog.getByLabel('Slug', { exact: true }).fill('Beta Site!');
  await save.click();
  await dialog.getByText('Slug can only contain lowercase letters, numbers, and dashes').waitFor();
  await dialog.getByLabel('Name', { exact: true }).fill(' ');
  await dialog.getByLabel('Slug', { exact: true }).fill('beta-site');
  await save.click();
  await dialog.getByText('Name is required').waitFor();
  expect(await seriousA11yViolations(page), 'rename dialog').toEqual([]);
  await dialog.getByLabel('Name', { exact: true }).fill('Beta Site');
  await save.click();
  await page.waitForURL(`**/${username}/studio/projects/beta-site`);
  await page.getByRole('heading', { level: 1, name: 'Beta Site' }).waitFor();
  await page.getByText('beta-site', { exact: true }).waitFor();
  await page.goto(`/${username}/studio/projects/alpha`);
  await page.getByRole('heading', { name: 'Project not found' }).waitFor();
  await page.goto(`/${username}/studio/projects`);
  await page.getByRole('link', { name: /Beta Site/ }).click();

  // Tags: one made in the picker, renamed and recoloured, then deleted after a confirmation.
  await page.getByRole('button', { name: 'Edit tags' }).click();
  await createTagInPicker(page, 'frontend');
  await page.getByRole('button', { name: 'Edit tag frontend' }).click();
  const form = page.getByRole('form', { name: 'Edit tag frontend' });
  await form.getByLabel('Tag name', { exact: true }).fill('web');
  await form.getByLabel('Color', { exact: true }).fill('#16a34a');
  await form.getByRole('button', { name: 'Save tag' }).click();
  await page.getByRole('list', { name: 'Tags', exact: true }).getByText('web', { exact: true }).waitFor();
  expect(await seriousA11yViolations(page), 'tag manager').toEqual([]);

  await page.getByRole('button', { name: 'Delete tag web' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the tag web?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete tag web' }).click();
  await confirm.getByRole('button', { name: 'Delete Tag' }).click();
  await page.getByText('No tags.').waitFor();
  await page.getByRole('combobox', { name: 'Add a tag', exact: true }).click();
  await page.getByText('This workspace has no tags yet.').waitFor();
}, 90_000);

test('resources with real data: list, sort, detail with rating, tags, comments, stored images, delete', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'links', 'reading');
  const api = await CatalogApi.of(page, 'reading');
  const rocket = await api.ingestResource(`${origin}/tool`);
  await api.ingestResource(`${origin}/bare`);
  if (!rocket.resource_id) throw new Error('the resource submission made no resource');
  await api.call('PUT', `/resources/${rocket.resource_id}`, { context: { rating: 4 } });

  await page.getByRole('link', { name: 'Resources' }).click();
  await page.waitForURL(`**/${username}/reading/resources`);
  const titles = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });
  await titles.first().waitFor();
  const titleTexts = async () => titles.allInnerTexts();
  expect(await titleTexts()).toHaveLength(2);
  expect((await titleTexts())[0]).toBe('Quasar');
  await page.getByRole('combobox', { name: 'Sort' }).selectOption('rating');
  await expect.poll(async () => (await titleTexts())[0]).toMatch(/Rocket/);
  await page.getByRole('main').getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
  expect(await seriousA11yViolations(page), 'resources list').toEqual([]);

  // Detail: extracted title, the URL as a link, the description, stars, tags and comments. The icon and the
  // preview image are the app's stored copies, never the site's own addresses.
  await page
    .getByRole('main')
    .getByRole('link', { name: /Rocket/ })
    .click();
  await page.waitForURL(`**/${username}/reading/resources/${rocket.resource_id}`);
  await page.getByRole('heading', { level: 1, name: /Rocket/ }).waitFor();
  await page.getByRole('link', { name: `${origin}/tool` }).waitFor();
  await page.getByText('Rocket builds & ships static sites in milliseconds.').waitFor();
  await page.getByRole('radio', { name: '4 stars', checked: true }).waitFor();
  const images = page.getByRole('main').locator('img');
  await expect.poll(() => images.count()).toBe(2);
  for (const source of await images.evaluateAll((all) => all.map((image) => image.getAttribute('src')))) {
    expect(source).toMatch(/^\/api\/v1\/media\/[0-9a-f]{64}$/);
  }
  await page.getByRole('combobox', { name: 'Rating' }).selectOption('2');
  await page.getByRole('radio', { name: '2 stars', checked: true }).waitFor();
  await page.getByRole('button', { name: 'Edit tags' }).click();
  await createTagInPicker(page, 'to-read');
  await page.getByLabel('Add a comment', { exact: true }).fill('Worth a second read.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await page.getByText('Worth a second read.').waitFor();
  expect(await seriousA11yViolations(page), 'resource detail').toEqual([]);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete this resource?' })
    .getByRole('button', { name: 'Delete Resource' })
    .click();
  await page.waitForURL((url) => url.pathname === `/${username}/reading/resources`);
  await expect.poll(titleTexts).toEqual(['Quasar']);
  await page.goto(`/${username}/reading/resources/${rocket.resource_id}`);
  await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
}, 120_000);
