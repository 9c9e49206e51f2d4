// The workspace dashboard: the empty state that leads to the first tool, then counts, recent items and recent
// ingestions from real data (tools ingested from the local fixture web server), and a panel failing alone.
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, serverError, signUpInNewContext, signUpWithWorkspace } from './support/catalog-api.ts';

test('dashboard: empty state, then counts, recent items, ingestions and a failing panel', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'dash', 'home');

  // A new workspace: the way to the first tool.
  await page.getByRole('heading', { name: 'This workspace is empty' }).waitFor();
  // The figures: tools, resources, projects.
  const figures = async () => page.getByRole('definition').allInnerTexts();
  expect(await page.getByRole('term').allInnerTexts()).toEqual(['Tools', 'Resources', 'Projects']);
  expect(await figures()).toEqual(['0', '0', '0']);
  expect(await seriousA11yViolations(page), 'empty dashboard').toEqual([]);
  await page.getByRole('link', { name: 'Add your first tool' }).click();
  await page.waitForURL(`**/${username}/home/tool-ingestions`);

  const api = await CatalogApi.of(page, 'home');
  await api.ingestTool(`${origin}/tool`);
  await api.ingestTool(`${origin}/json-ld`);
  await api.ingestTool(`${origin}/challenge/cloudflare-200`, 'quarantined');
  await api.ingestResource(`${origin}/bare`);
  await api.createProject('Launch Site');

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL((url) => url.pathname === `/${username}/home`);
  // The cached counts show first, then the fresh ones (the summary refetches on every visit).
  await expect.poll(figures, { timeout: 10_000 }).toEqual(['2', '1', '1']);
  await page.getByText('0 tags · 1 member').waitFor();
  await page.getByRole('link', { name: '1 submission to review' }).waitFor();

  const recentTools = page.getByRole('region', { name: 'Recent tools' });
  // Newest first; each link starts with the tool's icon (a stored copy, or its initials on a tile).
  const toolNames = async () =>
    (await recentTools.getByRole('listitem').getByRole('link').allInnerTexts()).map((text) =>
      text.split('\n').at(-1),
    );
  await expect.poll(toolNames).toEqual(['Nebula', 'Rocket']);
  expect(await recentTools.locator('[data-fallback-icon]').allInnerTexts()).toEqual(['NE']);
  const ingestions = page.getByRole('region', { name: 'Recent ingestions' });
  await ingestions.getByText(`${origin}/challenge/cloudflare-200`).waitFor();
  expect(await ingestions.getByText('Needs review', { exact: true }).count()).toBe(1);
  expect(await ingestions.getByText('Added', { exact: true }).count()).toBe(3);
  await ingestions.getByText('Resource ·').waitFor();
  await page
    .getByRole('region', { name: 'Recent resources' })
    .getByRole('link', { name: 'Quasar' })
    .waitFor();
  expect(await seriousA11yViolations(page), 'dashboard with data').toEqual([]);

  // Recent items lead to their pages; the counts to the lists.
  await page
    .getByRole('region', { name: 'Recent projects' })
    .getByRole('link', { name: 'Launch Site' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Launch Site' }).waitFor();
  await page.goBack();
  await recentTools.getByRole('link', { name: 'Rocket' }).click();
  await page.waitForURL(`**/${username}/home/tools/rocket`);
  await page.goBack();
  await page.getByRole('link', { name: 'View every tool' }).click();
  await page.waitForURL(`**/${username}/home/tools`);
  await page.goBack();
  await page.getByRole('link', { name: '1 submission to review' }).click();
  await page.waitForURL(`**/${username}/home/tool-ingestions`);

  // One failing call takes down only its panel.
  await page.route('**/api/v1/projects?**', (route) => route.fulfill(serverError));
  await page.goto(`/${username}/home`);
  await page.getByText('Error loading projects: Database down').waitFor();
  await recentTools.getByRole('link', { name: 'Rocket' }).waitFor();
  // The cached counts show first, then the fresh ones (the summary refetches on every visit).
  await expect.poll(figures, { timeout: 10_000 }).toEqual(['2', '1', '1']);
  await page.getByText('0 tags · 1 member').waitFor();
}, 90_000);

test('dashboard: a viewer sees no way to add tools in an empty workspace', async ({
  page,
  browser,
  baseUrl,
}) => {
  const viewer = await signUpInNewContext(browser, baseUrl, 'dview', 'mine');
  const owner = await signUpWithWorkspace(page, 'downer', 'shared');
  const api = await CatalogApi.of(page, 'shared');
  await api.call('POST', `/workspaces/${api.workspaceId}/members`, {
    username: viewer.username,
    role: 'viewer',
  });

  await viewer.page.goto(`/${owner}/shared`);
  await viewer.page.getByRole('heading', { name: 'This workspace is empty' }).waitFor();
  await viewer.page.getByText('Editors and admins of this workspace add tools', { exact: false }).waitFor();
  expect(await viewer.page.getByRole('link', { name: 'Add your first tool' }).count()).toBe(0);
  await viewer.context.close();
}, 90_000);
