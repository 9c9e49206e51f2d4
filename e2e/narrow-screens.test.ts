// At 375 px: the workspaces table keeps every row's actions on screen, the storage page fits the width, and
// the comparison scrolls with the page with its tool names pinned on top.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

const PHONE = { width: 375, height: 740 };
// Screenshots of each screen for a look (e2e/artifacts is not committed).
const screenshotsDir = fileURLToPath(new URL('./artifacts/narrow/', import.meta.url));
mkdirSync(screenshotsDir, { recursive: true });

/** How far the document is wider than the window (0 when nothing overflows sideways). */
const horizontalOverflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/** Scrolled to, the element lies wholly inside the window. */
async function expectOnScreen(element: Locator, what: string) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(PHONE.width);
  expect(box.y, what).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, what).toBeLessThanOrEqual(PHONE.height);
}

test('375 px: workspaces table actions and the storage page stay within the screen', async ({ page }) => {
  await signUpWithWorkspace(page, 'narrow', 'phone');
  const api = await CatalogApi.of(page, 'phone');
  await api.call('PUT', `/workspaces/${api.workspaceId}`, {
    name: 'Platform engineering tooling',
    description: 'Everything the platform team evaluates, adopts or retires, with notes',
  });
  await page.setViewportSize(PHONE);

  await page.goto('/settings?tab=workspace');
  for (const name of ['Members of', 'Store', 'Edit', 'Delete', 'Leave'].map(
    (action) => `${action} Platform engineering tooling`,
  )) {
    await expectOnScreen(page.getByRole('button', { name }).or(page.getByRole('link', { name })), name);
  }
  // On screen without swiping the table sideways: nothing of it is hidden past its box's edge.
  const tableBox = page.getByRole('table').locator('..');
  expect(await tableBox.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await page.screenshot({ path: `${screenshotsDir}workspaces.png`, fullPage: true });
  expect(await horizontalOverflow(page), 'workspaces settings').toBe(0);
  await page.getByRole('button', { name: 'Edit Platform engineering tooling' }).click();
  await page.getByLabel('Name', { exact: true }).waitFor();

  await page.goto(`/settings/workspace/${api.workspaceId}/storage`);
  await page.getByRole('heading', { name: 'Workspace storage' }).waitFor();
  await page.getByTestId('storage-health').waitFor();
  await page.screenshot({ path: `${screenshotsDir}storage.png`, fullPage: true });
  expect(await horizontalOverflow(page), 'storage page').toBe(0);
}, 90_000);

test('375 px: the comparison scrolls with the page, its tool headers pinned at the top', async ({ page }) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'narrowc', 'pick');
  const api = await CatalogApi.of(page, 'pick');
  await api.ingestTool(`${origin}/tool`);
  await api.ingestTool(`${origin}/bare`);
  await page.setViewportSize(PHONE);

  await page.goto(`/${username}/pick/compare?tools=rocket,quasar`);
  const table = page.getByRole('region', { name: 'Comparison table' });
  await table.waitFor();
  // No box of its own to scroll up and down in: the page scrolls.
  expect(await table.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(
    1,
  );
  expect(await horizontalOverflow(page), 'compare page').toBe(0);

  // Far down the table, the tool names are still on screen, at the top.
  const pinned = page.locator('[data-slot="pinned-tool-names"]').getByText('Rocket', { exact: true });
  expect(await pinned.isVisible()).toBe(false);
  const lastRow = page.getByRole('rowheader').last();
  await expectOnScreen(lastRow, 'last fact');
  expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
  await pinned.waitFor({ state: 'visible' });
  const box = await pinned.boundingBox();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect(box?.y ?? PHONE.height).toBeLessThan(60);
  await page.screenshot({ path: `${screenshotsDir}compare-scrolled.png` });

  // Swiping the columns sideways moves the pinned names with them.
  await table.evaluate((element) => element.scrollBy({ left: 400 }));
  await expect.poll(async () => (await pinned.boundingBox())?.x ?? 0).toBeLessThan(0);
}, 90_000);
