// Icons and previews against the real server and the fixture site: ingestion stores copies of a
// page's icon and preview, the app serves them (the CSP allows images from the app alone), and the tools list,
// the palette, the dashboard and the resource page show them; an item without one gets its initials on a tile.
// Screenshots land in e2e/artifacts/icons/ for a look.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { expect, test } from './support/fixtures.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';

const screenshotsDir = fileURLToPath(new URL('./artifacts/icons/', import.meta.url));
const STORED = /^\/api\/v1\/media\/[0-9a-f]{64}$/;

/** The image's src, once the browser has decoded it (a CSP block or a broken copy never gets a width). */
async function loadedSrc(image: Locator): Promise<string | null> {
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  return image.getAttribute('src');
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

test('icons in the tools list, the palette and the dashboard; a tile for a tool without one', async ({
  page,
}) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'icon', 'shelf');
  const api = await CatalogApi.of(page, 'shelf');
  await api.ingestTool(`${origin}/tool`);
  await api.ingestTool(`${origin}/bare`);
  await api.ingestResource(`${origin}/article`);

  await page.goto(`/${username}/shelf/tools`);
  const rocket = card(page, 'Rocket');
  // Served by the app, not by the origin the page named.
  expect(await loadedSrc(rocket.locator('img'))).toMatch(STORED);
  const quasar = card(page, 'quasar');
  await quasar.waitFor();
  expect(await quasar.locator('img').count()).toBe(0);
  expect(await quasar.locator('[data-fallback-icon]').textContent()).toBe('QU');
  expect(await seriousA11yViolations(page), 'tools list with icons').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}tools-list.png`, fullPage: true });

  // The palette's hits carry the same copy.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').waitFor();
  await page.keyboard.type('rocket');
  const hit = palette.getByRole('option', { name: /Tool\s*rocket/i });
  expect(await loadedSrc(hit.locator('img'))).toMatch(STORED);
  await page.screenshot({ path: `${screenshotsDir}palette.png` });
  await page.keyboard.press('Escape');

  // The dashboard's recent lists.
  await page.goto(`/${username}/shelf`);
  const recentTools = page.getByRole('region', { name: /tools/i }).first();
  expect(
    await loadedSrc(recentTools.getByRole('listitem').filter({ hasText: 'Rocket' }).locator('img')),
  ).toMatch(STORED);

  // The resource page: its icon, preview and byline.
  await page.goto(`/${username}/shelf/resources`);
  await page.getByRole('link', { name: /Shipping static sites in 2026/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Shipping static sites in 2026' }).waitFor();
  await page.getByText(/Launch Notes · Ada Byron · /).waitFor();
  const images = page.locator('article img');
  await expect.poll(() => images.count()).toBe(2);
  for (const src of [await loadedSrc(images.nth(0)), await loadedSrc(images.nth(1))])
    expect(src).toMatch(STORED);
  expect(await seriousA11yViolations(page), 'resource page with icon and preview').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}resource.png`, fullPage: true });

  // At 375 px and in dark mode the tiles and icons still fit and read.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.evaluate(`document.documentElement.classList.add('dark')`);
  await page.goto(`/${username}/shelf/tools`);
  await card(page, 'quasar').locator('[data-fallback-icon]').waitFor();
  await page.evaluate(`document.documentElement.classList.add('dark')`);
  expect(await seriousA11yViolations(page), 'tools list, dark, 375 px').toEqual([]);
  await page.screenshot({ path: `${screenshotsDir}tools-list-dark-375.png`, fullPage: true });
}, 180_000);
