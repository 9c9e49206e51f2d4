// Site icons in dark mode: drawn for light pages (dark marks, transparent background), they keep a light tile.
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { CatalogApi, signUpWithWorkspace } from './support/catalog-api.ts';
import { expect, test } from './support/fixtures.ts';

/** The element's background as painted, its mean RGB channel from 0 (black) to 255 (white). */
async function backgroundLevel(page: Page, element: Locator): Promise<number> {
  const color = await element.evaluate(
    (node) => node.ownerDocument.defaultView?.getComputedStyle(node).backgroundColor ?? '',
  );
  return page.evaluate<number>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    context.fillStyle = ${JSON.stringify(color)};
    context.fillRect(0, 0, 1, 1);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (red + green + blue) / 3;
  })()`);
}

test('dark mode: a site icon keeps a light background on the dark page', async ({ page }) => {
  const origin = inject('fixtureOrigin');
  const username = await signUpWithWorkspace(page, 'darkicon', 'glow');
  const api = await CatalogApi.of(page, 'glow');
  await api.ingestTool(`${origin}/tool`);

  await page.goto(`/${username}/glow/tools`);
  await page.getByRole('combobox', { name: 'Theme' }).first().selectOption('dark');
  const icon = page
    .getByRole('link', { name: /Rocket/ })
    .locator('img')
    .first();
  await icon.waitFor();
  expect(await backgroundLevel(page, page.locator('body'))).toBeLessThan(50);
  expect(await backgroundLevel(page, icon)).toBeGreaterThan(200);
}, 60_000);
