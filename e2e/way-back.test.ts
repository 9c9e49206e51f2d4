// No dead ends: "Tool not found", "Resource not found" and the 404 pages link back to the workspace and to a
// search, by keyboard; the resources list has a search box like the tools list.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

/** Tabs from the top of the page until the link named `name` has focus, then follows it with Enter. */
async function followByKeyboard(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>("document.activeElement?.textContent?.trim() ?? ''");
    if (focused === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`no focusable "${name}" within 40 tabs`);
}

test('not found pages lead back to the workspace and to search, by keyboard', async ({ page }) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'way', 'yard');
  const api = await CatalogApi.of(page, 'yard');
  await api.ingestTool(`${origin}/tool`);
  const base = `/${username}/yard`;

  // A tool slug that names nothing: back to the workspace, or search the tools for its words.
  await page.goto(`${base}/tools/rocket-launcher`);
  await page.getByRole('heading', { name: 'Tool not found' }).waitFor();
  const ways = page.getByRole('navigation', { name: 'Ways back' });
  expect(await ways.getByRole('link').allTextContents()).toEqual(['Go to yard', 'Search tools']);
  expect(await seriousA11yViolations(page), 'tool not found').toEqual([]);
  await followByKeyboard(page, 'Search tools');
  await page.waitForURL(`**${base}/tools?q=rocket+launcher`);
  expect(await page.getByLabel('Search tools', { exact: true }).inputValue()).toBe('rocket launcher');
  await page.getByText('No tools match “rocket launcher”.').waitFor();
  await page.getByLabel('Search tools', { exact: true }).fill('rocket');
  await page
    .getByRole('link', { name: /Rocket/ })
    .first()
    .waitFor();

  await page.goto(`${base}/tools/rocket-launcher`);
  await page.getByRole('heading', { name: 'Tool not found' }).waitFor();
  await followByKeyboard(page, 'Go to yard');
  await page.waitForURL(`**${base}`);

  // A resource id that names nothing here: back to the workspace, or the resources' search.
  await page.goto(`${base}/resources/7f1d0c3e-2b4a-4c5d-9e6f-0a1b2c3d4e5f`);
  await page.getByRole('heading', { name: 'Resource not found' }).waitFor();
  expect(await ways.getByRole('link').allTextContents()).toEqual(['Go to yard', 'Search resources']);
  await followByKeyboard(page, 'Search resources');
  await page.waitForURL(`**${base}/resources`);
  await page.getByLabel('Search resources', { exact: true }).waitFor();

  // A workspace address that is not one of the user's: to the dashboard, which opens their workspace.
  await page.goto(`/${username}/no-such-workspace/projects`);
  await page.getByRole('heading', { name: '404 - Not Found' }).waitFor();
  await followByKeyboard(page, 'Go to your dashboard');
  await page.waitForURL(`**${base}`);

  // The app's 404 page, signed in: the current workspace and its tools' search.
  await page.goto('/no/such/page/here');
  await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
  // Until the current workspace is known the page offers the dashboard; its links follow once it is.
  await ways.getByRole('link', { name: 'Search tools' }).waitFor();
  expect(await ways.getByRole('link').allTextContents()).toEqual(['Go to yard', 'Search tools']);
  await followByKeyboard(page, 'Search tools');
  await page.waitForURL(`**${base}/tools`);

  // Signed out, the 404 page leads home.
  await page.context().clearCookies();
  await page.goto('/no/such/page/here');
  await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
  expect(await ways.getByRole('link').allTextContents()).toEqual(['Go to the home page']);
}, 90_000);

test('resources list: the search box finds resources by their words, like the tools list', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'rsearch', 'reads');
  const api = await CatalogApi.of(page, 'reads');
  await api.ingestResource(`${origin}/article`);
  await api.ingestResource(`${origin}/bare`);

  await page.goto(`/${username}/reads/resources`);
  const box = page.getByLabel('Search resources', { exact: true });
  expect(await box.getAttribute('type')).toBe('search');
  await box.fill('static hosting');
  // A search hit, with its matched words marked (the list's cards have no marks).
  const hit = page
    .getByRole('link', { name: /Shipping static sites in 2026/ })
    .filter({ has: page.locator('mark') });
  await hit.waitFor();
  expect(await hit.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['static']));
  expect(await page.getByRole('link', { name: /Quasar/ }).count()).toBe(0);
  expect(await seriousA11yViolations(page), 'resources search').toEqual([]);
  await hit.click();
  await page.getByRole('heading', { level: 1, name: 'Shipping static sites in 2026' }).waitFor();

  await page.goto(`/${username}/reads/resources?q=kubernetes`);
  expect(await box.inputValue()).toBe('kubernetes');
  await page.getByText('No resources match “kubernetes”.').waitFor();
  // Emptying the box shows the whole list again.
  await box.fill('');
  await page.getByRole('link', { name: /Quasar/ }).waitFor();
}, 90_000);
