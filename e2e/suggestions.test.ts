// The Ideas page: project suggestions from the workspace's own tools, on the real server with the
// built-in engine. Screenshots of the page (wide and narrow, light and dark) land in e2e/artifacts/ideas/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpInNewContext, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

const screenshotsDir = fileURLToPath(new URL('./artifacts/ideas/', import.meta.url));

/** Rocket, Nebula and Quasar from the fixture web server, filed as a web stack: frontend, API, database. */
async function seedWebStack(page: Page, workspaceSlug: string): Promise<void> {
  const origin = inject('fixtureOrigin');
  const api = await CatalogApi.of(page, workspaceSlug);
  const stack = [
    ['/tool', 'Frontend framework'],
    ['/json-ld', 'API framework'],
    ['/bare', 'Database'],
  ] as const;
  for (const [path, category] of stack) {
    const submission = await api.ingestTool(`${origin}${path}`);
    await api.call('PUT', `/tools/workspace/${submission.workspace_tool_id}/stance`, {
      stance: 'accepted',
      category,
    });
  }
}

/** The pages a list links to, sorted. */
async function linkHrefs(list: Locator): Promise<string[]> {
  const hrefs: string[] = [];
  for (const link of await list.getByRole('link').all()) hrefs.push(String(await link.getAttribute('href')));
  return hrefs.sort();
}

/** Waits until the first page of ideas has loaded (the engine's mode shows with it). */
const ideasLoaded = (page: Page) => page.getByText('Built-in suggestions').waitFor();

test('ideas: too few tools first; then start a project from an idea, and dismiss another for good', async ({
  page,
}) => {
  mkdirSync(screenshotsDir, { recursive: true });
  const username = await signUpWithWorkspace(page, 'ideas', 'web');
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await nav.getByRole('link', { name: 'Ideas' }).click();
  await page.waitForURL(`**/${username}/web/suggestions`);
  await page.getByRole('heading', { name: 'Collect a few more tools first' }).waitFor();
  expect(await page.getByRole('link', { name: 'Add tools' }).getAttribute('href')).toBe(
    `/${username}/web/tool-ingestions`,
  );

  await seedWebStack(page, 'web');
  await page.reload();
  await ideasLoaded(page);
  const cards = page.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(1);
  expect(await seriousA11yViolations(page), 'ideas page').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}light-wide.png`, fullPage: true });
  // More ideas: the next page joins the first.
  const shown = await cards.count();
  await page.getByRole('button', { name: 'More ideas' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(shown);

  // Every tool an idea names is one of the workspace's three, linked to its page.
  const first = cards.first();
  const title = await first.getByRole('heading', { level: 2 }).innerText();
  const uses = await linkHrefs(first.getByRole('list', { name: 'Tools it uses' }));
  expect(uses.length).toBeGreaterThan(0);
  for (const href of uses)
    expect(href).toMatch(new RegExp(`^/${username}/web/tools/(rocket|nebula|quasar)$`));
  const lastMilestone = await first.getByRole('listitem').last().innerText();

  await first.getByRole('button', { name: 'Start this project' }).click();
  await page.waitForURL(new RegExp(`/${username}/web/projects/[^/]+$`));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // The project has the idea's tools linked, and its milestones as the first comment.
  const used = page.getByRole('list', { name: 'Tools used' });
  await used.getByRole('link').first().waitFor();
  expect(await linkHrefs(used)).toEqual(uses);
  await page.getByText(lastMilestone, { exact: false }).first().waitFor();

  await nav.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('main').getByRole('link', { name: title }).waitFor();

  // The started idea is not offered again; a dismissed one leaves at once and stays away after a reload.
  await nav.getByRole('link', { name: 'Ideas' }).click();
  await ideasLoaded(page);
  expect(await page.getByRole('article', { name: title }).count()).toBe(0);
  const dismissed = await cards.first().getByRole('heading', { level: 2 }).innerText();
  await cards
    .first()
    .getByRole('button', { name: `Not for us: ${dismissed}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Dismiss “${dismissed}”?` });
  await dialog.getByLabel('Reason (optional)').fill('We built one last year');
  await dialog.getByRole('button', { name: 'Dismiss idea' }).click();
  await page.getByRole('article', { name: dismissed }).waitFor({ state: 'detached' });
  await page.reload();
  await ideasLoaded(page);
  expect(await page.getByRole('article', { name: dismissed }).count()).toBe(0);

  // A focus goes into the address and survives a reload.
  await page.getByRole('searchbox', { name: 'Focus' }).fill('database');
  await page.getByRole('button', { name: 'Suggest' }).click();
  await page.waitForURL(`**/${username}/web/suggestions?focus=database`);
  await ideasLoaded(page);
  expect(await page.getByRole('searchbox', { name: 'Focus' }).inputValue()).toBe('database');

  // Narrow: no horizontal scrolling. Dark: dark, and still without serious axe violations.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(375);
  await page.screenshot({ path: `${screenshotsDir}light-narrow.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('combobox', { name: 'Theme' }).first().selectOption('dark');
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => {})))`,
  );
  expect(await page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`)).toBe(true);
  expect(await seriousA11yViolations(page), 'ideas page, dark').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}dark-wide.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${screenshotsDir}dark-narrow.png`, fullPage: true });
}, 120_000);

test('ideas: a viewer reads the ideas but is offered neither Start nor Not for us', async ({
  page,
  browser,
  baseUrl,
}) => {
  const viewer = await signUpInNewContext(browser, baseUrl, 'idview', 'own-ideas');
  const owner = await signUpWithWorkspace(page, 'idboss', 'shared');
  await seedWebStack(page, 'shared');
  await page.goto('/settings?tab=workspace');
  await page.getByRole('button', { name: 'Members of shared' }).click();
  await page.getByLabel('Add member by username', { exact: true }).fill(viewer.username);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByText(`Added ${viewer.username} as viewer`).waitFor();

  await viewer.page.goto(`/${owner}/shared/suggestions`);
  await ideasLoaded(viewer.page);
  expect(await viewer.page.getByRole('article').count()).toBeGreaterThan(0);
  expect(await viewer.page.getByRole('button', { name: 'Start this project' }).count()).toBe(0);
  expect(await viewer.page.getByRole('button', { name: /^Not for us/ }).count()).toBe(0);
  await viewer.context.close();
}, 90_000);
